import { ChargebackListQuery } from "./chargebacks"
import { HistorySearchQuery } from "./payment-history"

const problem = (result: {
  success: boolean
  error?: { issues: { message: string }[] }
}) => (result.success ? undefined : result.error?.issues[0]?.message)

describe("the chargebacks list's query", () => {
  it("reads statuses, whole days and pages, with defaults", () => {
    expect(
      ChargebackListQuery.parse({
        status: "open, lost",
        opened_from: "2026-11-01",
        respond_by_to: "2026-12-10",
      })
    ).toEqual({
      status: ["OPEN", "LOST"],
      opened_from: "2026-11-01",
      respond_by_to: "2026-12-10",
      limit: 50,
      offset: 0,
    })
  })

  it("names the field of what it refuses", () => {
    expect(
      problem(ChargebackListQuery.safeParse({ status: "OPEN,MAYBE" }))
    ).toMatch(/^status/)
    expect(
      problem(ChargebackListQuery.safeParse({ opened_to: "2026-02-30" }))
    ).toMatch(/^opened_to/)
    expect(problem(ChargebackListQuery.safeParse({ limit: "5000" }))).toMatch(
      /^limit/
    )
    expect(problem(ChargebackListQuery.safeParse({ q: "a'b" }))).toMatch(/^q/)
    // an order as the admin shows it is a search, not a mistake
    expect(ChargebackListQuery.parse({ q: "#12" }).q).toBe("#12")
    expect(ChargebackListQuery.safeParse({ order: "x" }).success).toBe(false)
  })
})

describe("the history search's query", () => {
  it("reads its filters and names the field of what it refuses", () => {
    expect(
      HistorySearchQuery.parse({
        order: "#12",
        operation: "refund",
        from: "2026-11-01",
      })
    ).toEqual({
      order: "#12",
      operation: ["refund"],
      from: "2026-11-01",
      limit: 50,
      offset: 0,
    })
    // what the placeholders invite: several operations or outcomes, any of them
    expect(
      HistorySearchQuery.parse({
        operation: "capture, CHARGEBACK",
        outcome: "refused,recorded",
      })
    ).toEqual(
      expect.objectContaining({
        operation: ["capture", "CHARGEBACK"],
        outcome: ["refused", "recorded"],
      })
    )
    expect(problem(HistorySearchQuery.safeParse({ limit: "lots" }))).toMatch(
      /^limit/
    )
    expect(
      problem(HistorySearchQuery.safeParse({ from: "yesterday" }))
    ).toMatch(/^from/)
    expect(
      problem(HistorySearchQuery.safeParse({ transaction_id: "x".repeat(61) }))
    ).toMatch(/^transaction_id/)
  })
})
