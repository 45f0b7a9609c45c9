import type { VerifiedResult } from "../gateway/index"
import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import type { SessionData } from "../payment-sessions/session-data"
import { authorizeCard, type CardPayment } from "./authorize-card"
import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { memorySessionStates } from "../accounts/__fixtures__/test-gateway"

const TYPED: CardPayment = {
  kind: "typed",
  card: {
    number: "4242424242424242",
    expiry_month: "12",
    expiry_year: "2030",
    security_code: "123",
  },
}

const session = (amount: string, billing = "de"): SessionData => ({
  session_id: "payses_1",
  status: "pending",
  amount,
  currency: "EUR",
  attempts: [],
  cart: {
    id: "cart_1",
    currency_code: "EUR",
    customer_id: "cus_1",
    totals: {
      total: amount,
      item_subtotal: amount,
      shipping_subtotal: "0",
      discount_subtotal: "0",
      tax_total: "0",
    },
    items: [],
    billing_address: { country_code: billing },
    first_order: false,
  },
})

const RULES = {
  three_d_secure: "issuer",
  three_d_secure_rules: [
    { when: "amount_above", amounts: [{ currency: "EUR", amount: "250" }] },
    { when: "billing_country", countries: ["us"] },
  ],
  statement_descriptor: { text: "ACME EU", append_order_no: true },
}

/** Runs one authorisation; answers the order sent and what the session recorded before it left. */
async function pay(data: SessionData) {
  const sent: Record<string, unknown>[] = []
  const recorded: SessionData[] = []
  const states = memorySessionStates()
  useMemoryModule(states)
  const { gateway } = scriptedGateway({
    authorize: async (order) => {
      sent.push({ ...order })
      recorded.push(
        structuredClone(states.rows.get(data.session_id!) as SessionData)
      )
      return {
        order_no: order.order_no,
        transaction_id: "T1",
        amount: order.amount,
        currency: order.currency,
        order_status: "1",
        result_info: "0000:Success",
        result: { code: "0000", text: "Success" },
      } as VerifiedResult
    },
  })
  const core = testCore(gateway, RULES)
  await authorizeCard(core, data, TYPED, async (saved) => saved)
  return { order: sent[0]!, attempt: recorded[0]!.attempts![0]! }
}

describe("an attempt's 3-D Secure decision and statement descriptor", () => {
  afterAll(() => dropMemoryModule())

  it("asks above the amount, records why before the request leaves, and sends do3DS", async () => {
    const { order, attempt } = await pay(session("250.01"))
    expect(attempt.three_d_secure).toEqual({
      asked: true,
      reason: "above 250.00 EUR",
      rule: 1,
    })
    expect(order.open3d).toBe("do3DS")
  })

  it("sends no open3d when no rule matches and the account leaves it to the issuer", async () => {
    const { order, attempt } = await pay(session("250.00"))
    expect(attempt.three_d_secure).toEqual({
      asked: false,
      reason: "the account's default: the issuer decides",
      rule: null,
    })
    expect(order.open3d).toBeUndefined()
  })

  it("asks for a billing country named", async () => {
    const { order, attempt } = await pay(session("10.00", "us"))
    expect(attempt.three_d_secure?.rule).toBe(2)
    expect(order.open3d).toBe("do3DS")
  })

  it("sends the descriptor with the end of the order number, and records it", async () => {
    const { order, attempt } = await pay(session("10.00"))
    const orderNo = String(order.order_no)
    // 22 − "ACME EU".length − 1 = 14 characters of the number
    const expected = `ACME EU ${orderNo.slice(-14)}`
    expect(order.descriptor).toBe(expected)
    expect(expected).toHaveLength(22)
    expect(attempt.descriptor).toBe(expected)
  })
})
