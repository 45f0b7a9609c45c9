import { applyResult } from "./transitions"
import { RULES, result, session } from "./__fixtures__/sessions"
import { subscriptionFromResult, withCancellation } from "./subscription"

const ORDER = { contract_name: "Coffee club", interval: "month" }

describe("subscription on the payment", () => {
  it("a verified result's recurring fields are kept beside what the storefront asked", () => {
    const data = session("sent", { subscription: { order: ORDER } })
    const next = applyResult(
      data,
      result("1", {
        recurring_id: "RC1",
        contract_name: "Coffee club",
        recurring_deduction_period: "1 month",
        recurring_deduction_time: "2026-12-23 10:00:00",
      }),
      RULES
    )
    expect(next.status).toBe("authorized")
    expect(next.subscription).toEqual({
      order: ORDER,
      recurring_id: "RC1",
      contract_name: "Coffee club",
      deduction_period: "1 month",
      deduction_time: "2026-12-23 10:00:00",
    })
  })

  it("a result without recurring id leaves the subscription as it was", () => {
    const data = session("sent", { subscription: { order: ORDER } })
    expect(applyResult(data, result("1"), RULES).subscription).toEqual({
      order: ORDER,
    })
  })

  it("a duplicate result keeps the cancellation of the same subscription, not of another", () => {
    const canceled = {
      recurring_id: "RC1",
      contract_name: "Coffee club",
      cancellation: { state: "cancelled" as const, at: "2026-11-23T00:00:00Z" },
    }
    expect(
      subscriptionFromResult(canceled, { recurring_id: "RC1" })?.cancellation
    ).toEqual(canceled.cancellation)
    expect(
      subscriptionFromResult(canceled, { recurring_id: "RC2" })?.cancellation
    ).toBeUndefined()
  })

  it("cancelled is final", () => {
    const sub = {
      recurring_id: "RC1",
      cancellation: { state: "cancelled" as const, at: "2026-11-23T00:00:00Z" },
    }
    expect(
      withCancellation(sub, { state: "unknown", at: "2026-11-24T00:00:00Z" })
    ).toBe(sub)
    expect(
      withCancellation(
        { recurring_id: "RC1" },
        { state: "unknown", at: "2026-11-24T00:00:00Z" }
      ).cancellation?.state
    ).toBe("unknown")
  })
})
