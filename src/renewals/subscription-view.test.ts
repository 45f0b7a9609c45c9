import type { AcquiringDeductionRow } from "../modules/acquiring/types"
import {
  adminSubscriptionView,
  customerSubscriptionView,
  type SubscriptionFacts,
} from "./subscription-view"

const deduction = (
  n: number,
  fields: Partial<AcquiringDeductionRow>
): AcquiringDeductionRow =>
  ({
    id: `acqded_${n}`,
    provider_id: "pp_acquiring-card_acquiring",
    order_no: `MEDx-R${n}`,
    first_order_no: "MEDx",
    first_session_id: "payses_1",
    recurring_id: "RC1",
    deduction_number: n,
    retry_number: 0,
    status: "paid",
    result_code: null,
    transaction_id: `SBX${n}`,
    currency: "USD",
    amount: "15.00",
    next_deduction_time: null,
    order_id: `order_r${n}`,
    ordered_at: new Date("2026-11-29T00:00:00Z"),
    ...fields,
  }) as AcquiringDeductionRow

const FACTS: SubscriptionFacts = {
  first: {
    amount: "15.00",
    currency: "USD",
    order_no: "MEDx",
    subscription: {
      recurring_id: "RC1",
      contract_name: "Coffee club",
      deduction_time: "2026-12-01 10:00:00",
      order: {
        contract_name: "Coffee club",
        contract_amount: "12.00",
        interval: "month",
        interval_count: "1",
      },
    },
  },
  payment_id: "pay_1",
  provider_id: "pp_acquiring-card_acquiring",
  first_order: { id: "order_1", display_id: 4 },
  started_at: "2026-11-01T00:00:00Z",
  deductions: [
    deduction(2, {
      retry_number: 1,
      next_deduction_time: "2027-01-01 10:00:00",
      order_id: "order_r2",
    }),
    deduction(1, { next_deduction_time: "2026-12-01 10:00:00" }),
    deduction(3, {
      status: "declined",
      retry_number: 1,
      result_code: "E0011:Stored card not found",
      order_id: null,
      ordered_at: null,
    }),
  ],
  renewal_orders: new Map([
    ["order_r1", 5],
    ["order_r2", 6],
  ]),
}

describe("adminSubscriptionView", () => {
  const view = adminSubscriptionView(FACTS)

  it("lists the renewal orders by deduction, counts every failed try and names the latest decline", () => {
    expect(view.renewals).toEqual([
      {
        id: "order_r1",
        display_id: 5,
        deduction_number: 1,
        amount: "15.00",
        currency: "USD",
      },
      {
        id: "order_r2",
        display_id: 6,
        deduction_number: 2,
        amount: "15.00",
        currency: "USD",
      },
    ])
    // deduction 2 paid on its second try (1), deduction 3 declined twice so far (2)
    expect(view.failed_tries).toBe(3)
    expect(view.last_decline).toEqual({
      deduction_number: 3,
      reason: "card_lapsed",
      code: "E0011:Stored card not found",
    })
  })

  it("gives the contract's price and the next deduction the acquirer announced last", () => {
    expect(view).toMatchObject({
      id: "RC1",
      amount: "12.00",
      status: "active",
      next_deduction_at: "2027-01-01 10:00:00",
    })
  })

  it("is cancelling while an answer is lost, cancelled or ended with no next deduction", () => {
    const cancel = (state: "unknown" | "cancelled") =>
      adminSubscriptionView({
        ...FACTS,
        first: {
          ...FACTS.first,
          subscription: {
            ...FACTS.first.subscription,
            cancellation: { state, at: "2026-11-29T00:00:00Z" },
          },
        },
      })
    expect(cancel("unknown").status).toBe("cancelling")
    expect(cancel("cancelled")).toMatchObject({
      status: "cancelled",
      next_deduction_at: null,
    })
    const ended = adminSubscriptionView({
      ...FACTS,
      deductions: [
        ...FACTS.deductions,
        deduction(4, {
          status: "ended",
          retry_number: 2,
          order_id: null,
          ordered_at: null,
        }),
      ],
    })
    expect(ended).toMatchObject({
      status: "ended",
      next_deduction_at: null,
      last_decline: { deduction_number: 4, reason: "ended" },
    })
  })
})

describe("customerSubscriptionView", () => {
  it("leaves out the payment, the provider and the acquirer's codes", () => {
    const view = customerSubscriptionView(FACTS)
    expect(view).not.toHaveProperty("payment_id")
    expect(view).not.toHaveProperty("provider_id")
    expect(view.last_decline).toEqual({
      deduction_number: 3,
      reason: "card_lapsed",
    })
    expect(JSON.stringify(view)).not.toMatch(/E00|pay_1|pp_acquiring/)
  })
})
