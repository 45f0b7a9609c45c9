import {
  PaymentsOverviewExportQuery,
  PaymentsOverviewQuery,
} from "./payments-overview"

const refused = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) =>
  result.success
    ? undefined
    : result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)

describe("the payments overview's query", () => {
  it("reads a period of whole days and an account", () => {
    expect(
      PaymentsOverviewQuery.parse({
        from: "2026-11-01",
        to: "2026-11-30",
        account: "config",
      })
    ).toEqual({ from: "2026-11-01", to: "2026-11-30", account: "config" })
    // one day, and a year and a day
    expect(
      PaymentsOverviewQuery.safeParse({ from: "2026-11-30", to: "2026-11-30" })
        .success
    ).toBe(true)
    expect(
      PaymentsOverviewQuery.safeParse({ from: "2025-11-30", to: "2026-11-30" })
        .success
    ).toBe(true)
  })

  it("names the field of what it refuses", () => {
    expect(
      refused(
        PaymentsOverviewQuery.safeParse({
          from: "2026-11-30",
          to: "2026-11-29",
        })
      )
    ).toEqual(["to: to must not be before from"])
    expect(
      refused(
        PaymentsOverviewQuery.safeParse({
          from: "2025-11-29",
          to: "2026-11-30",
        })
      )
    ).toEqual(["to: the period must be at most 366 days"])
    expect(
      refused(
        PaymentsOverviewQuery.safeParse({
          from: "0000-01-01",
          to: "0000-01-02",
        })
      )
    ).toEqual([
      "from: from must be a day from 1970-01-01 on",
      "to: to must be a day from 1970-01-01 on",
    ])
    expect(
      refused(
        PaymentsOverviewQuery.safeParse({
          from: "2026-11-01",
          to: "2026-11-30",
          account: "acct_1",
        })
      )
    ).toEqual(["account: account must be an account id or config"])
    expect(
      refused(
        PaymentsOverviewExportQuery.safeParse({
          from: "2026-11-01",
          to: "2026-11-30",
          figure: "cards",
        })
      )
    ).toEqual([
      "figure: figure must be one of attempts, declines, methods, money, chargebacks, order_lag",
    ])
  })
})
