import { parseBody } from "../input-hardening/hardened-body"
import { CreatePaymentLinkBody } from "./payment-link-validators"

describe("the payment link body", () => {
  it("defaults to 72 hours and the first hosted provider", () => {
    const parsed = CreatePaymentLinkBody.parse({})
    expect(parsed).toEqual({ expires_in_hours: 72 })
  })

  it("takes a hosted provider and 1 to 168 hours", () => {
    expect(
      CreatePaymentLinkBody.parse({
        provider_id: "pp_acquiring-hosted_acquiring",
        expires_in_hours: 168,
      })
    ).toEqual({
      provider_id: "pp_acquiring-hosted_acquiring",
      expires_in_hours: 168,
    })
    expect(CreatePaymentLinkBody.parse({ expires_in_hours: 1 })).toEqual({
      expires_in_hours: 1,
    })
  })

  it.each([
    [{ expires_in_hours: 0 }, "expires_in_hours", "must be at least 1"],
    [
      { expires_in_hours: 169 },
      "expires_in_hours",
      "must be at most 168 (a week)",
    ],
    [
      { expires_in_hours: 1.5 },
      "expires_in_hours",
      "must be a whole number of hours",
    ],
    [
      { expires_in_hours: "72" },
      "expires_in_hours",
      "must be a whole number of hours",
    ],
    [
      { provider_id: "pp_acquiring-card_acquiring" },
      "provider_id",
      "must be a hosted-page provider (pp_acquiring-hosted_<id>)",
    ],
  ])("refuses %j naming %s", (body, field, reason) => {
    const parsed = parseBody(CreatePaymentLinkBody, body, {})
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.body.issues).toEqual([{ field, reason }])
  })

  it("refuses fields it does not know", () => {
    const parsed = parseBody(CreatePaymentLinkBody, { amount: "5.00" }, {})
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.body.issues[0].reason).toMatch(/amount/)
  })
})
