import {
  acquirerAuthorisationTime,
  hasLapsed,
  lapsedMessage,
  lapsesAt,
  lapseTime,
  lapseView,
} from "./authorization-lifetime"
import { captured, voided } from "../payment-sessions/payment-transitions"
import { applyQuery, applyResult } from "../payment-sessions/transitions"
import {
  query,
  result,
  RULES,
  session,
} from "../payment-sessions/__fixtures__/sessions"

// the fixture's attempt was sent at 2026-11-23T10:00:00.000Z
const authorised = () => applyResult(session("sent"), result("1"), RULES)

describe("authorisation time", () => {
  it("an attempt that becomes authorised keeps its request's time", () => {
    const data = authorised()
    expect(data.status).toBe("authorized")
    expect(data.attempts?.[0].authorized_at).toBe("2026-11-23T10:00:00.000Z")
  })

  it("the acquirer's earlier transaction_date replaces it; a later one does not", () => {
    const earlier = applyQuery(
      authorised(),
      { ...query("2000"), transaction_date: "20261117093000" },
      RULES
    )
    expect(earlier.attempts?.[0].authorized_at).toBe("2026-11-17T09:30:00.000Z")
    const later = applyQuery(
      earlier,
      { ...query("2000"), transaction_date: "20261123100005" },
      RULES
    )
    expect(later.attempts?.[0].authorized_at).toBe("2026-11-17T09:30:00.000Z")
  })

  it("ignores a transaction_date that is no date or less than a minute earlier, and attempts not authorised", () => {
    const attempt = authorised().attempts?.[0]
    expect(acquirerAuthorisationTime(attempt, "20261123095901")).toBeUndefined()
    expect(acquirerAuthorisationTime(attempt, "20261123095900")).toBe(
      "2026-11-23T09:59:00.000Z"
    )
    expect(acquirerAuthorisationTime(attempt, "20261340000000")).toBeUndefined()
    expect(acquirerAuthorisationTime(attempt, "2026-11-01")).toBeUndefined()
    expect(acquirerAuthorisationTime(attempt, undefined)).toBeUndefined()
    expect(
      acquirerAuthorisationTime(
        session("pending").attempts?.[0],
        "20261101000000"
      )
    ).toBeUndefined()
  })
})

describe("lapse", () => {
  it("an authorised, uncaptured payment lapses the lifetime after its authorisation", () => {
    const data = authorised()
    expect(lapsesAt(data, 7)?.toISOString()).toBe("2026-11-30T10:00:00.000Z")
    expect(lapsesAt(data, 3)?.toISOString()).toBe("2026-11-26T10:00:00.000Z")
    expect(hasLapsed(data, 7, new Date("2026-11-30T09:59:59Z"))).toBe(false)
    expect(hasLapsed(data, 7, new Date("2026-11-30T10:00:00Z"))).toBe(true)
  })

  it("a captured, voided or pending payment has no lapse ahead; the lapse time stays known", () => {
    expect(lapsesAt(captured(authorised()), 7)).toBeUndefined()
    expect(lapsesAt(voided(authorised()), 7)).toBeUndefined()
    expect(lapseTime(voided(authorised()), 7)?.toISOString()).toBe(
      "2026-11-30T10:00:00.000Z"
    )
    expect(lapsesAt(session("pending"), 7)).toBeUndefined()
    expect(lapsesAt({ ...authorised(), void_pending: true }, 7)).toBeUndefined()
  })

  it("legacy data without an authorisation time has none", () => {
    const legacy = session("authorized", { status: "authorized" })
    expect(lapsesAt(legacy, 7)).toBeUndefined()
  })

  it("says when and why a capture comes too late", () => {
    expect(lapsedMessage(new Date("2026-11-30T10:00:00Z"), 7)).toBe(
      "The authorisation lapsed on 2026-11-30 (after 7 days): the acquirer has released the money; ask the customer to pay again"
    )
  })
})

describe("lapseView", () => {
  it("answers lapses_at for an authorised payment and lapsed_at for one cancelled after its lapse", () => {
    expect(lapseView(authorised(), 7, null)).toEqual({
      lapses_at: "2026-11-30T10:00:00.000Z",
      lapsed_at: null,
    })
    const cancelled = voided(authorised())
    expect(lapseView(cancelled, 7, new Date("2026-12-01T02:00:00Z"))).toEqual({
      lapses_at: null,
      lapsed_at: "2026-11-30T10:00:00.000Z",
    })
    // voided before the lapse: the merchant's void, no lapse
    expect(lapseView(cancelled, 7, new Date("2026-11-24T00:00:00Z"))).toEqual({
      lapses_at: null,
      lapsed_at: null,
    })
    expect(lapseView(captured(authorised()), 7, null)).toEqual({
      lapses_at: null,
      lapsed_at: null,
    })
  })
})
