import {
  approvalRate,
  overviewExportName,
  chartDays,
  lastDays,
  periodTotals,
  durationText,
  rateText,
  unrecordedText,
  type PaymentsOverviewAnswer,
} from "./payments-overview"

const day = (
  date: string,
  currency: string,
  counts: { attempts: number; approved: number; declined: number }
) => ({
  day: date,
  currency,
  ...counts,
  awaiting_transfer: 0,
  waiting: 0,
  three_d_secure: { asked: 0, passed: 0, failed: 0, abandoned: 0 },
  hosted_page: { opened: 0, paid: 0, abandoned: 0 },
})

const answer = (
  overrides: Partial<PaymentsOverviewAnswer>
): PaymentsOverviewAnswer => ({
  from: "2026-11-01",
  to: "2026-11-04",
  account: null,
  recorded_since: "2026-10-01T08:00:00.000Z",
  abandoned_after_minutes: 60,
  days: [],
  declines: [],
  methods: [],
  money: [],
  chargebacks: [],
  order_lag: [],
  chargeback_threshold_percent: "0.9",
  unsettled: { count: 0, oldest_started_at: null },
  ...overrides,
})

describe("the overview's days", () => {
  it("lists every day of the period, adding the currencies of a day together", () => {
    const days = chartDays(
      answer({
        days: [
          day("2026-11-02", "EUR", { attempts: 3, approved: 2, declined: 1 }),
          day("2026-11-02", "USD", { attempts: 1, approved: 1, declined: 0 }),
          day("2026-11-04", "USD", { attempts: 2, approved: 0, declined: 2 }),
        ],
      })
    )
    expect(
      days.map((d) => [d.day, d.attempts, d.approved, d.declined])
    ).toEqual([
      ["2026-11-01", 0, 0, 0],
      ["2026-11-02", 4, 3, 1],
      ["2026-11-03", 0, 0, 0],
      ["2026-11-04", 2, 0, 2],
    ])
    expect(periodTotals(days)).toMatchObject({
      attempts: 6,
      approved: 3,
      declined: 3,
    })
  })

  it("tells the days before the first recording apart from quiet ones", () => {
    const late = answer({ recorded_since: "2026-11-03T10:00:00.000Z" })
    expect(chartDays(late).map((d) => d.recorded)).toEqual([
      false,
      false,
      true,
      true,
    ])
    expect(unrecordedText(late)).toBe(
      "The plugin began recording on 2026-11-03: the days before it have no figures (not zero ones)."
    )
    expect(unrecordedText(answer({}))).toBeUndefined()
    expect(unrecordedText(answer({ recorded_since: null }))).toMatch(
      /^Nothing recorded yet/
    )
  })
})

it.each([
  ["0.0", "0.0 s"],
  ["12.3", "12.3 s"],
  ["59.9", "59.9 s"],
  ["60.0", "1 min 0 s"],
  ["3599.9", "59 min 59 s"],
  ["3725.0", "1 h 2 min"],
  ["90061.0", "25 h 1 min"],
])("%s seconds reads %s", (seconds, text) => {
  expect(durationText(seconds)).toBe(text)
})

describe("rates", () => {
  it.each([
    [2, 3, "66.7 %"],
    [1, 3, "33.3 %"],
    [1, 8, "12.5 %"],
    [1, 2000, "0.1 %"],
    [1, 2001, "0.0 %"],
    [3, 3, "100.0 %"],
    [0, 5, "0.0 %"],
    [0, 0, "—"],
  ])("%i of %i is %s", (part, whole, text) => {
    expect(rateText(part, whole)).toBe(text)
  })

  it("approval counts the attempts that have an outcome", () => {
    expect(approvalRate({ approved: 3, declined: 1 })).toBe("75.0 %")
  })
})

it("the last days end today (UTC)", () => {
  expect(lastDays(7, new Date("2026-11-30T23:30:00Z"))).toEqual({
    from: "2026-11-24",
    to: "2026-11-30",
    account: "",
  })
})

it("names an export as the server does, also when the header is not passed on", () => {
  const period = { from: "2026-11-01", to: "2026-11-30" }
  expect(
    overviewExportName('attachment; filename="x.csv"', "declines", period)
  ).toBe("x.csv")
  expect(overviewExportName(null, "declines", period)).toBe(
    "payments-declines-2026-11-01-to-2026-11-30.csv"
  )
})
