import { A, result, RULES, session, SHOPPER } from "./__fixtures__/sessions"
import type { SessionData } from "./session-data"
import { storefrontView } from "./storefront-view"
import { applyResult, markUnknown } from "./transitions"

describe("storefront view", () => {
  it("is a whitelist: no order number, transaction id, cart, IP or user agent", () => {
    const data: SessionData = {
      ...applyResult(
        session("sent"),
        result("1", { card: "424242******4242" }),
        RULES
      ),
      ...SHOPPER,
    }
    expect(storefrontView(data)).toEqual({
      status: "authorized",
      result: { code: "0000", text: "Success" },
      card_masked: "424242******4242",
    })
  })

  it("says when an attempt's outcome is being confirmed", () => {
    expect(storefrontView(markUnknown(session("sent"), A))).toEqual({
      status: "pending",
      confirming: true,
    })
  })
})
