import { orderSubscriptionSchema } from "../gateway/index"
import { SubscriptionRequestSchema } from "./subscription-request"

describe("the storefront's subscription object", () => {
  it("accepts the interface's fields and fits the gateway's order schema", () => {
    const input = {
      contract_name: " Coffee club ",
      contract: "beans",
      contract_amount: "15.00",
      interval: "month",
      interval_count: 3,
      billing_cycle: 12,
      promotion_cycle: 0,
      contract_start: "2026-12-01",
      contract_end: "2027-12-01",
      price_id: "price_1",
    }
    const parsed = SubscriptionRequestSchema.parse(input)
    expect(parsed).toEqual({
      ...input,
      contract_name: "Coffee club",
      interval_count: "3",
    })
    expect(orderSubscriptionSchema.parse(parsed)).toEqual(parsed)
  })

  it.each([
    [{}, "contract_name"],
    [{ contract_name: "" }, "contract_name"],
    [{ contract_name: "C", interval: "fortnight" }, "interval"],
    [{ contract_name: "C", interval_count: "0" }, "interval_count"],
    [{ contract_name: "C", contract_amount: "1,5" }, "contract_amount"],
    [{ contract_name: "C", billing_cycle: 1.5 }, "billing_cycle"],
    [{ contract_name: "C", contract_start: "01-12-2026" }, "contract_start"],
  ])("refuses %j at %s", (input, field) => {
    const parsed = SubscriptionRequestSchema.safeParse(input)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0].path).toEqual([field])
  })

  it("refuses unknown keys, so nothing else (a card) is stored", () => {
    const parsed = SubscriptionRequestSchema.safeParse({
      contract_name: "C",
      card: "4242424242424242",
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0].code).toBe("unrecognized_keys")
  })
})
