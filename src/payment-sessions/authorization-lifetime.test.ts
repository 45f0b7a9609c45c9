import {
  acquirerAuthorizationTime,
  hasLapsed,
  lapsedMessage,
  lapsesAt,
  lapseTime,
  lapseView,
} from "./authorization-lifetime"
import { captured, voided } from "./payment-transitions"
import { applyQuery, applyResult } from "./transitions"
import { query, result, RULES, session } from "./__fixtures__/sessions"

// the fixture's attempt was sent at 2026-11-23T10:00:00.000Z
const authorized = () => applyResult(session("sent"), result("1"), RULES)

describe("authorisation time", () => {
  it("an attempt that becomes authorised keeps its request's time", () => {
    const data = authorized()
    expect(data.status).toBe("authorized")
    expect(data.attempts?.[0].authorized_at).toBe("2026-11-23T10:00:00.000Z")
  })

  it("the acquirer's earlier transaction_date replaces it; a later one does not", () => {
    const earlier = applyQuery(
      authorized(),
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
    const attempt = authorized().attempts?.[0]
    expect(acquirerAuthorizationTime(attempt, "20261123095901")).toBeUndefined()
    expect(acquirerAuthorizationTime(attempt, "20261123095900")).toBe(
      "2026-11-23T09:59:00.000Z"
    )
    expect(acquirerAuthorizationTime(attempt, "20261340000000")).toBeUndefined()
    expect(acquirerAuthorizationTime(attempt, "2026-11-01")).toBeUndefined()
    expect(acquirerAuthorizationTime(attempt, undefined)).toBeUndefined()
    expect(
      acquirerAuthorizationTime(
        session("pending").attempts?.[0],
        "20261101000000"
      )
    ).toBeUndefined()
  })
})

describe("lapse", () => {
  it("an authorised, uncaptured payment lapses the lifetime after its authorisation", () => {
    const data = authorized()
    expect(lapsesAt(data, 7)?.toISOString()).toBe("2026-11-30T10:00:00.000Z")
    expect(lapsesAt(data, 3)?.toISOString()).toBe("2026-11-26T10:00:00.000Z")
    expect(hasLapsed(data, 7, new Date("2026-11-30T09:59:59Z"))).toBe(false)
    expect(hasLapsed(data, 7, new Date("2026-11-30T10:00:00Z"))).toBe(true)
  })

  it("a captured, voided or pending payment has no lapse ahead; the lapse time stays known", () => {
    expect(lapsesAt(captured(authorized()), 7)).toBeUndefined()
    expect(lapsesAt(voided(authorized()), 7)).toBeUndefined()
    expect(lapseTime(voided(authorized()), 7)?.toISOString()).toBe(
      "2026-11-30T10:00:00.000Z"
    )
    expect(lapsesAt(session("pending"), 7)).toBeUndefined()
    expect(lapsesAt({ ...authorized(), void_pending: true }, 7)).toBeUndefined()
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
    expect(lapseView(authorized(), 7, null)).toEqual({
      lapses_at: "2026-11-30T10:00:00.000Z",
      lapsed_at: null,
    })
    const canceled = voided(authorized())
    expect(lapseView(canceled, 7, new Date("2026-12-01T02:00:00Z"))).toEqual({
      lapses_at: null,
      lapsed_at: "2026-11-30T10:00:00.000Z",
    })
    // voided before the lapse: the merchant's void, no lapse
    expect(lapseView(canceled, 7, new Date("2026-11-24T00:00:00Z"))).toEqual({
      lapses_at: null,
      lapsed_at: null,
    })
    expect(lapseView(captured(authorized()), 7, null)).toEqual({
      lapses_at: null,
      lapsed_at: null,
    })
  })
})
