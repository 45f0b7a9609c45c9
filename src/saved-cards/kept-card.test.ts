import {
  A,
  query,
  result,
  RULES,
  session,
} from "../payment-sessions/__fixtures__/sessions"
import { confirmBrowserReturn } from "../authorization/browser-return"
import { applyResult, startAttempt } from "../payment-sessions/transitions"
import { storefrontView } from "../payment-sessions/storefront-view"
import { writeSession } from "../payment-sessions/session-store"
import {
  dropMemoryModule,
  useMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import {
  memorySessionStates,
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import { withKeptCard } from "./kept-card"

const TOKEN = "tok_bcdfghjkmnpqrstvbcdfghjkmnpqrstv"
const ASKED = {
  customer_id: "cus_1",
  keep: true,
  merchant_id: "10001",
  account_id: "10001001",
  provider_id: "pp_acquiring-card_acquiring",
}

describe("a card the shopper asked to keep", () => {
  const kept: Record<string, unknown>[] = []
  const keeper = async (card: Record<string, unknown>) => {
    kept.push(card)
    return "acqcard_01"
  }
  beforeEach(() => {
    kept.length = 0
    useMemoryModule(memorySessionStates(), keeper)
  })
  afterAll(() => dropMemoryModule())

  const authorized = (extra = {}) =>
    applyResult(
      session("sent", { saved_card: ASKED }),
      result("1", { card: "424242******4242", token_id: TOKEN, ...extra }),
      RULES
    )

  it("is kept once the payment holds money and the answer names its token", async () => {
    const data = await withKeptCard(authorized())
    expect(kept).toEqual([
      {
        customer_id: "cus_1",
        merchant_id: "10001",
        account_id: "10001001",
        provider_id: "pp_acquiring-card_acquiring",
        token_id: TOKEN,
        card_masked: "424242******4242",
        brand: "visa",
      },
    ])
    expect(data.saved_card).toEqual({ ...ASKED, id: "acqcard_01" })
    // the storefront sees the saved card's id, never the token
    const view = JSON.stringify(storefrontView(data))
    expect(view).toContain("acqcard_01")
    expect(view).not.toContain(TOKEN)
    // kept already: not again
    await withKeptCard(data)
    expect(kept).toHaveLength(1)
  })

  it("is not kept when the payment was declined, is still waiting, or nobody asked", async () => {
    const declined = applyResult(
      session("sent", { saved_card: ASKED }),
      result("0", {
        result_info: "E0008:Declined",
        result: { code: "E0008", text: "Declined" },
        token_id: TOKEN,
      }),
      RULES
    )
    const waiting = applyResult(
      session("sent", { saved_card: ASKED }),
      result("-1", { issuer_url: "https://issuer.test/3ds", token_id: TOKEN }),
      RULES
    )
    const notAsked = applyResult(
      session("sent"),
      result("1", { token_id: TOKEN }),
      RULES
    )
    const paidWithSaved = applyResult(
      session("sent", {
        saved_card: { customer_id: "cus_1", paid_with: true, id: "acqcard_9" },
      }),
      result("1", { token_id: TOKEN }),
      RULES
    )
    for (const data of [declined, waiting, notAsked, paidWithSaved])
      expect(await withKeptCard(data)).toBe(data)
    expect(kept).toEqual([])
  })

  it("is not kept by saving: a plain write of the state keeps nothing", async () => {
    const states = memorySessionStates()
    useMemoryModule(states, keeper)
    try {
      await writeSession(authorized())
      const row = (await states.read(["payses_1"])).get("payses_1") as any
      expect(row.saved_card.id).toBeUndefined()
      expect(kept).toEqual([])
    } finally {
      dropMemoryModule()
    }
  })

  it("is kept by the browser return once its details are in: the mask the return carries", async () => {
    const { gateway } = scriptedGateway({
      retrieveTransactions: async () => [{ ...query("2000"), token_id: TOKEN }],
      verifyResult: () => result("1", { card: "424242******4242" }),
    })
    const waiting = session("unknown", { saved_card: ASKED })
    const returned = await confirmBrowserReturn(testCore(gateway), waiting, {
      encryption_data: "signed",
    })
    expect(returned.status).toBe("authorized")
    expect(returned.saved_card?.id).toBe("acqcard_01")
    expect(kept).toEqual([
      expect.objectContaining({
        token_id: TOKEN,
        card_masked: "424242******4242",
      }),
    ])
  })

  it("a new attempt does not carry the last attempt's token", () => {
    const next = startAttempt(authorized(), {
      order_no: `${A}x`,
      kind: "authorise",
      at: "2026-11-23T10:05:00.000Z",
    })
    expect(next.token_id).toBeUndefined()
  })
})
