import type { QueryEntry, VerifiedResult } from "../gateway/index"
import {
  attemptStateOfStatus,
  queryMeaning,
  resultMeaning,
  sessionStatusOf,
  webhookActionOf,
} from "./status-meaning"

const entry = (payment_status: string) => ({ payment_status }) as QueryEntry
const result = (order_status: string, issuer_url?: string) =>
  ({ order_status, issuer_url }) as VerifiedResult

describe("what the acquirer's statuses mean", () => {
  it("reads each payment_status of the wire contract", () => {
    // wire-contract.md: 1000 failed, 1100 cancelled, 2000 authorised, 2100 pending,
    // 2200 held for review, 3000 paid, 4000 fully refunded, 4100 partly refunded
    expect(queryMeaning(entry("1000"))).toEqual({ state: "declined" })
    expect(queryMeaning(entry("1100"))).toEqual({ state: "void" })
    expect(queryMeaning(entry("2000"))).toEqual({
      state: "authorized",
      review: "done",
    })
    expect(queryMeaning(entry("2100"))).toEqual({ state: "pending" })
    expect(queryMeaning(entry("2200"))).toEqual({
      state: "authorized",
      review: "held",
    })
    expect(queryMeaning(entry("3000"))).toEqual({
      state: "captured",
      review: "done",
    })
    expect(queryMeaning(entry("4000"))).toMatchObject({
      state: "captured",
      refunded: "full",
    })
    expect(queryMeaning(entry("4100"))).toMatchObject({
      state: "captured",
      refunded: "part",
    })
    expect(queryMeaning(entry("9999"))).toBeNull()
  })

  it("takes a merchant's own code table for payment_status", () => {
    const rules = {
      status_codes: { payment_status: { "77": "captured" as const } },
    }
    expect(queryMeaning(entry("77"), rules)).toEqual({
      state: "captured",
      review: "done",
    })
  })

  it("reads each order_status of a result", () => {
    const rules = { auto_capture: false }
    expect(resultMeaning(result("1"), rules)).toEqual({
      state: "authorized",
      held: false,
    })
    expect(resultMeaning(result("1"), { auto_capture: true })).toEqual({
      state: "captured",
      held: false,
    })
    expect(resultMeaning(result("-2"), rules)).toEqual({
      state: "authorized",
      held: true,
    })
    expect(resultMeaning(result("0"), rules)).toEqual({
      state: "declined",
      held: false,
    })
    expect(resultMeaning(result("-1"), rules)).toEqual({
      state: "pending",
      held: false,
    })
    expect(
      resultMeaning(result("-1", "https://issuer.test/acs"), rules)
    ).toEqual({
      state: "requires_more",
      held: false,
    })
    expect(resultMeaning(result("5"), rules)).toBeNull()
  })

  it("gives Medusa one status and one webhook action per attempt state", () => {
    expect(sessionStatusOf("declined")).toBe("error")
    expect(webhookActionOf("declined")).toBe("failed")
    expect(sessionStatusOf("void")).toBe("canceled")
    expect(webhookActionOf("absent")).toBe("pending")
    expect(sessionStatusOf(undefined)).toBe("pending")
    for (const state of [
      "authorized",
      "captured",
      "void",
      "declined",
      "requires_more",
    ] as const)
      expect(attemptStateOfStatus(sessionStatusOf(state))).toBe(state)
    expect(attemptStateOfStatus("pending")).toBe("pending")
  })
})
