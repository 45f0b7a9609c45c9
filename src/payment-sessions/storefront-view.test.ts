import {
  A,
  query,
  result,
  RULES,
  session,
  SHOPPER,
} from "./__fixtures__/sessions"
import type { SessionData } from "./session-data"
import { storefrontView } from "./storefront-view"
import { applyQuery, applyResult, markUnknown } from "./transitions"

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

describe("storefront view of a bank transfer", () => {
  const rules = {
    auto_capture: false,
    delayed: {
      methods: ["BANK_TRANSFER"],
      awaiting_code: "P0001",
      lifetime_days: 3,
    },
  }
  const transfer = (order_status: string, code: string) =>
    result(order_status, {
      payment_method: "BANK_TRANSFER",
      result: { code, text: "" },
    })
  // the fixture's attempt was written at 2026-11-23T10:00:00Z; 3 days later
  const UNTIL = "2026-11-26T10:00:00.000Z"
  const awaited = applyResult(
    { ...session("pending"), amount: "105.00" },
    transfer("-1", "P0001"),
    rules
  )

  it("says what to send and until when while the money is awaited", () => {
    expect(storefrontView(awaited)).toMatchObject({
      status: "pending_authorization",
      payment_method: "BANK_TRANSFER",
      transfer: {
        state: "awaited",
        amount: "105.00",
        currency: "USD",
        awaited_until: UNTIL,
      },
    })
  })

  it("says how it ended: received, lapsed, or voided with its order", () => {
    const course = (data: SessionData) => storefrontView(data).transfer
    expect(course(applyResult(awaited, transfer("1", "0000"), rules))).toEqual({
      state: "received",
      amount: "105.00",
      currency: "USD",
      awaited_until: UNTIL,
    })
    expect(
      course(applyResult(awaited, transfer("0", "E0012"), rules))
    ).toMatchObject({ state: "lapsed", awaited_until: UNTIL })
    // the status query tells a lapse as cancelled (1100): lapsed all the same
    expect(
      course(
        applyQuery(
          awaited,
          { ...query("1100"), payment_method: "BANK_TRANSFER" },
          rules
        )
      )
    ).toMatchObject({ state: "lapsed" })
    // Medusa's cancel of the lapsed transfer's order ends the session canceled: still lapsed
    const lapsed = applyResult(awaited, transfer("0", "E0012"), rules)
    expect(course({ ...lapsed, status: "canceled" })).toMatchObject({
      state: "lapsed",
    })
    // the order cancelled while the money was awaited: the plugin voided it
    const voided = {
      ...awaited,
      status: "canceled" as const,
      transfer_voided: true,
    }
    expect(course(voided)).toMatchObject({ state: "voided" })
  })

  it("keeps the first deadline when the acquirer says again that it awaits the money", () => {
    const later = applyResult(awaited, transfer("-1", "P0001"), {
      ...rules,
      delayed: { ...rules.delayed, lifetime_days: 30 },
    })
    expect(storefrontView(later).transfer?.awaited_until).toBe(UNTIL)
  })

  it("is absent for a card, and for a hosted page not yet paid by transfer", () => {
    expect(
      storefrontView(applyResult(session("sent"), result("1"), RULES)).transfer
    ).toBeUndefined()
    expect(
      storefrontView({ ...session("pending"), payment_method: "BANK_TRANSFER" })
        .transfer
    ).toBeUndefined()
  })
})
