import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refuseUntrustedCheckoutRequest } from "./checkout-route-guard"

// 4000056655665556 passes Luhn; 1700000000004 is a millisecond time that does too
const CARD = "4000056655665556"
const LUHN_TIME = 1700000000004

function run(body: unknown) {
  const req = {
    method: "POST",
    baseUrl: "",
    path: "/store/payment-collections/pay_col_1/payment-sessions",
    query: {},
    body,
  } as unknown as MedusaRequest
  let status = 0
  let answer: unknown
  const res = {
    status(code: number) {
      status = code
      return this
    },
    json(value: unknown) {
      answer = value
      return this
    },
  } as unknown as MedusaResponse
  let passed = false
  refuseUntrustedCheckoutRequest(req, res, () => {
    passed = true
  })
  return { passed, status, text: JSON.stringify(answer ?? null) }
}

describe("the checkout routes' guard", () => {
  it("refuses a card number as the session data, naming the field, not the value", () => {
    const answer = run({
      provider_id: "pp_acquiring-card_acquiring",
      data: CARD,
    })
    expect(answer.passed).toBe(false)
    expect(answer.status).toBe(400)
    expect(answer.text).toContain("data")
    expect(answer.text).not.toContain(CARD)
  })

  it("refuses a card number inside an acquiring session's data", () => {
    const answer = run({
      provider_id: "pp_acquiring-hosted_acquiring",
      data: { device: { note: CARD } },
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain("data.device.note")
    expect(answer.text).not.toContain(CARD)
  })

  it("leaves another provider's session data object to that provider", () => {
    expect(
      run({ provider_id: "pp_stripe_stripe", data: { at: LUHN_TIME } }).passed
    ).toBe(true)
  })

  it("still refuses another provider's data when it is no object (Medusa would echo it)", () => {
    const answer = run({ provider_id: "pp_stripe_stripe", data: CARD })
    expect(answer.status).toBe(400)
    expect(answer.text).not.toContain(CARD)
  })

  it("refuses a card-like provider id", () => {
    const answer = run({ provider_id: CARD })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain("provider_id")
  })
})
