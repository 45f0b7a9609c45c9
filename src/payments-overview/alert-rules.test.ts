import {
  approvalAlert,
  chargebackAlert,
  notificationsAlert,
  surgeAlerts,
  unsettledAlert,
} from "./alert-rules"

describe("approvals falling", () => {
  it("alerts when the hour's rate is 20 points or more under the week's", () => {
    // week 90 % (180 of 200), hour 69 % (20 of 29): 21 points under
    const alert = approvalAlert({
      hour_approved: 20,
      hour_declined: 9,
      week_approved: 180,
      week_declined: 20,
    })
    expect(alert?.cause).toBe("approval_rate_low")
    expect(alert?.description).toMatch(
      /^69\.0 % of the last hour's 29 payments were approved, against 90\.0 % over the week before\./
    )
  })

  it("stays quiet within 20 points, and on too few outcomes", () => {
    // exactly 20 points under: 70 % against 90 %
    expect(
      approvalAlert({
        hour_approved: 14,
        hour_declined: 6,
        week_approved: 180,
        week_declined: 20,
      })
    ).toBeUndefined()
    // 19 outcomes in the hour
    expect(
      approvalAlert({
        hour_approved: 0,
        hour_declined: 19,
        week_approved: 180,
        week_declined: 20,
      })
    ).toBeUndefined()
    // 99 in the week
    expect(
      approvalAlert({
        hour_approved: 0,
        hour_declined: 30,
        week_approved: 99,
        week_declined: 0,
      })
    ).toBeUndefined()
  })
})

describe("a decline code surging", () => {
  it("alerts on 10 or more in the hour at 3 times the week's hourly average", () => {
    // the week's hourly average of 168 is 1: 10 ≥ 3
    const [alert, ...more] = surgeAlerts([
      { code: "E0008", hour: 10, week: 168 },
      { code: "E0009", hour: 9, week: 0 },
      // 10 against an hourly average of 4 (672 a week): under 3 times
      { code: "E0010", hour: 10, week: 672 },
    ])
    expect(more).toEqual([])
    expect(alert.cause).toBe("decline_surge:E0008")
    expect(alert.title).toBe("Declines surging: declined by issuer")
  })

  it("alerts at exactly 3 times, and names a decline without a code", () => {
    // 12 against 4 an hour (672 a week)
    expect(
      surgeAlerts([{ code: "", hour: 12, week: 672 }]).map((a) => a.cause)
    ).toEqual(["decline_surge:none"])
  })
})

describe("the chargeback ratio", () => {
  const month = (ratio: string | null) => ({
    ratio_percent: ratio,
    opened: 1,
    captured_payments: 100,
  })

  it("alerts from 80 % of the threshold, saying when it is reached", () => {
    expect(chargebackAlert(month("0.71"), "0.9")).toBeUndefined()
    expect(chargebackAlert(month("0.72"), "0.9")?.title).toBe(
      "Chargeback ratio nearing the schemes' threshold"
    )
    expect(chargebackAlert(month("0.90"), "0.9")?.title).toBe(
      "Chargeback ratio at the schemes' threshold"
    )
    expect(chargebackAlert(month(null), "0.9")).toBeUndefined()
  })
})

it("tells outcomes left unknown, with the oldest", () => {
  expect(unsettledAlert({ count: 0, oldest: null })).toBeUndefined()
  expect(
    unsettledAlert({ count: 2, oldest: new Date("2026-11-30T10:00:00Z") })
      ?.description
  ).toMatch(
    /^2 payment attempts .* \(the oldest began 2026-11-30T10:00:00\.000Z\)/
  )
})

describe("notifications not arriving", () => {
  it("alerts on an hour without a verified notification while the status query settled payments, or notifications were refused", () => {
    expect(
      notificationsAlert({ verified: 0, refused: 0, reconciled: 3 })?.cause
    ).toBe("notifications_missing")
    expect(
      notificationsAlert({ verified: 0, refused: 5, reconciled: 0 })
        ?.description
    ).toMatch(
      /^No notification was verified in the last hour, while 0 payments were settled by the reconcile job's status query instead and 5 notifications were refused\./
    )
  })

  it("stays quiet when one arrived, and on a quiet hour", () => {
    expect(
      notificationsAlert({ verified: 1, refused: 50, reconciled: 50 })
    ).toBeUndefined()
    expect(
      notificationsAlert({ verified: 0, refused: 4, reconciled: 2 })
    ).toBeUndefined()
  })
})
