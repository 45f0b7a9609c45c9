import type { AttemptState, SessionData } from "./session-data"
import {
  applyQuery,
  applyResult,
  markAbsent,
  markUnknown,
  paymentAttempt,
  startAttempt,
  surplusAttempts,
} from "./transitions"
import { withLedger } from "./session-data"
import {
  captured,
  refundRecorded,
  reviewed,
  voided,
  voidRequested,
} from "./payment-transitions"

import { A, B, query, result, RULES, session } from "./__fixtures__/sessions"

type Event = (data: SessionData) => SessionData

const EVENTS: Record<string, Event> = {
  result_authorised: (d) => applyResult(d, result("1"), RULES),
  result_review: (d) =>
    applyResult(d, result("-2", { risk_action: "REVIEW" }), RULES),
  result_failed: (d) =>
    applyResult(
      d,
      result("0", { result: { code: "E0008", text: "Declined" } }),
      RULES
    ),
  result_pending: (d) => applyResult(d, result("-1"), RULES),
  result_challenge: (d) =>
    applyResult(
      d,
      result("-1", { issuer_url: "https://acs.example/c" }),
      RULES
    ),
  query_authorised: (d) => applyQuery(d, query("2000"), RULES),
  query_pending: (d) => applyQuery(d, query("2100"), RULES),
  query_captured: (d) => applyQuery(d, query("3000"), RULES),
  query_cancelled: (d) => applyQuery(d, query("1100"), RULES),
  query_failed: (d) => applyQuery(d, query("1000"), RULES),
  answer_lost: (d) => markUnknown(d, A),
  not_found: (d) => markAbsent(d, A),
}

// The expected attempt state after each event, from each state: written out by hand from the rules
// (waiting states move anywhere, requires_more ignores a bare "pending", authorised only to captured or
// void, captured/declined/void are final, absent yields to any news).
const EXPECTED: Record<AttemptState, Record<string, AttemptState>> = {
  sent: {
    result_authorised: "authorized",
    result_review: "authorized",
    result_failed: "declined",
    result_pending: "pending",
    result_challenge: "requires_more",
    query_authorised: "authorized",
    query_pending: "pending",
    query_captured: "captured",
    query_cancelled: "void",
    query_failed: "declined",
    answer_lost: "unknown",
    not_found: "absent",
  },
  unknown: {
    result_authorised: "authorized",
    result_review: "authorized",
    result_failed: "declined",
    result_pending: "pending",
    result_challenge: "requires_more",
    query_authorised: "authorized",
    query_pending: "pending",
    query_captured: "captured",
    query_cancelled: "void",
    query_failed: "declined",
    answer_lost: "unknown",
    not_found: "absent",
  },
  pending: {
    result_authorised: "authorized",
    result_review: "authorized",
    result_failed: "declined",
    result_pending: "pending",
    result_challenge: "requires_more",
    query_authorised: "authorized",
    query_pending: "pending",
    query_captured: "captured",
    query_cancelled: "void",
    query_failed: "declined",
    answer_lost: "pending",
    not_found: "absent",
  },
  requires_more: {
    result_authorised: "authorized",
    result_review: "authorized",
    result_failed: "declined",
    result_pending: "requires_more",
    result_challenge: "requires_more",
    query_authorised: "authorized",
    query_pending: "requires_more",
    query_captured: "captured",
    query_cancelled: "void",
    query_failed: "declined",
    answer_lost: "requires_more",
    not_found: "absent",
  },
  authorized: {
    result_authorised: "authorized",
    result_review: "authorized",
    result_failed: "authorized",
    result_pending: "authorized",
    result_challenge: "authorized",
    query_authorised: "authorized",
    query_pending: "authorized",
    query_captured: "captured",
    query_cancelled: "void",
    query_failed: "authorized",
    answer_lost: "authorized",
    not_found: "authorized",
  },
  captured: {
    result_authorised: "captured",
    result_review: "captured",
    result_failed: "captured",
    result_pending: "captured",
    result_challenge: "captured",
    query_authorised: "captured",
    query_pending: "captured",
    query_captured: "captured",
    query_cancelled: "captured",
    query_failed: "captured",
    answer_lost: "captured",
    not_found: "captured",
  },
  declined: {
    result_authorised: "declined",
    result_review: "declined",
    result_failed: "declined",
    result_pending: "declined",
    result_challenge: "declined",
    query_authorised: "declined",
    query_pending: "declined",
    query_captured: "declined",
    query_cancelled: "declined",
    query_failed: "declined",
    answer_lost: "declined",
    not_found: "declined",
  },
  void: {
    result_authorised: "void",
    result_review: "void",
    result_failed: "void",
    result_pending: "void",
    result_challenge: "void",
    query_authorised: "void",
    query_pending: "void",
    query_captured: "void",
    query_cancelled: "void",
    query_failed: "void",
    answer_lost: "void",
    not_found: "void",
  },
  // an awaited transfer only ends: its money arrives, it lapses, or it is voided
  awaiting_transfer: {
    result_authorised: "authorized",
    result_review: "authorized",
    result_failed: "declined",
    result_pending: "awaiting_transfer",
    result_challenge: "awaiting_transfer",
    query_authorised: "authorized",
    query_pending: "awaiting_transfer",
    query_captured: "captured",
    query_cancelled: "void",
    query_failed: "declined",
    answer_lost: "awaiting_transfer",
    not_found: "awaiting_transfer",
  },
  absent: {
    result_authorised: "authorized",
    result_review: "authorized",
    result_failed: "declined",
    result_pending: "pending",
    result_challenge: "requires_more",
    query_authorised: "authorized",
    query_pending: "pending",
    query_captured: "captured",
    query_cancelled: "void",
    query_failed: "declined",
    answer_lost: "absent",
    not_found: "absent",
  },
}

const STATUS_OF: Record<AttemptState, SessionData["status"]> = {
  sent: "pending",
  unknown: "pending",
  pending: "pending",
  requires_more: "requires_more",
  authorized: "authorized",
  captured: "captured",
  declined: "error",
  void: "canceled",
  absent: "pending",
  awaiting_transfer: "pending",
}

describe("session transitions: every (state, event) pair", () => {
  for (const [from, row] of Object.entries(EXPECTED) as [
    AttemptState,
    Record<string, AttemptState>,
  ][]) {
    for (const [event, to] of Object.entries(row)) {
      it(`${from} + ${event} → ${to}`, () => {
        const before = session(from, { status: STATUS_OF[from] })
        const after = EVENTS[event](before)
        expect(after.attempts![0].state).toBe(to)
        if (to !== from) expect(after.status).toBe(STATUS_OF[to])
        // the same event again changes nothing more (duplicates are harmless)
        expect(EVENTS[event](after).attempts![0].state).toBe(to)
      })
    }
  }
})

describe("session transitions: details", () => {
  it("keeps the masked card, never the number, and a held payment's review in one field", () => {
    const after = applyResult(
      session("sent"),
      result("-2", {
        card: undefined,
        risk_action: "REVIEW",
        risk_score: "71",
      }),
      RULES,
      {
        pan: "4000000000000259",
      }
    )
    expect(after.card_masked).toBe("400000******0259")
    expect(JSON.stringify(after)).not.toContain("4000000000000259")
    expect(after.review).toBe("held")
    expect(after.risk).toEqual({ action: "REVIEW", score: "71" })
    const released = applyQuery(after, query("2000"), RULES)
    expect(released.review).toBe("released")
    const rejected = applyQuery(after, query("1100"), RULES)
    expect(rejected.review).toBe("rejected")
    expect(rejected.status).toBe("canceled")
  })

  it("a challenge result carries the form the storefront posts", () => {
    const after = applyResult(
      session("sent"),
      result("-1", { issuer_url: "https://acs.example/c" }),
      RULES,
      {
        challenge: {
          return_url: "https://api.example/acquiring/return/t1",
          notify_url: "https://api.example/hooks/payment/x",
        },
      }
    )
    expect(after.status).toBe("requires_more")
    expect(after.three_ds?.form).toEqual({
      action: "https://acs.example/c",
      method: "POST",
      inputs: {
        return_url: "https://api.example/acquiring/return/t1",
        notify_url: "https://api.example/hooks/payment/x",
      },
    })
  })

  it("an auto-capture account's authorisation is a capture", () => {
    expect(
      applyResult(session("sent"), result("1"), { auto_capture: true }).status
    ).toBe("captured")
  })

  it("a new attempt carries nothing of the previous attempt's outcome", () => {
    const declined = applyResult(
      session("sent"),
      result("0", {
        card: "400000******9995",
        result: { code: "E0008", text: "Declined" },
      }),
      RULES
    )
    const next = startAttempt(declined, {
      order_no: B,
      kind: "authorise",
      at: "2026-11-23T10:01:00.000Z",
      token: "t2",
    })
    expect(next).toMatchObject({ order_no: B, status: "pending" })
    expect(next.result).toBeUndefined()
    expect(next.card_masked).toBeUndefined()
    expect(next.transaction_id).toBeUndefined()
    expect(next.attempts!.map((a) => [a.order_no, a.state])).toEqual([
      [A, "declined"],
      [B, "sent"],
    ])
  })

  it("a lost attempt that turns out authorised holds the payment; a second authorised attempt is surplus", () => {
    let data = markUnknown(session("sent"), A)
    data = startAttempt(markAbsent(data, A), {
      order_no: B,
      kind: "authorise",
      at: "2026-11-23T10:01:00.000Z",
    })
    data = applyResult(
      data,
      result("1", { order_no: B, transaction_id: "T2" }),
      RULES
    )
    expect(paymentAttempt(data)?.order_no).toBe(B)
    expect(surplusAttempts(data)).toEqual([])
    // the first attempt's late notification: authorised too
    data = applyQuery(data, query("2000"), RULES)
    expect(paymentAttempt(data)?.order_no).toBe(A)
    expect(data.order_no).toBe(A)
    expect(data.transaction_id).toBe("T1")
    expect(surplusAttempts(data).map((a) => a.order_no)).toEqual([B])
  })

  it("capture, void and a void still to be confirmed", () => {
    const auth = applyResult(session("sent"), result("1"), RULES)
    expect(captured(auth)).toMatchObject({ status: "captured" })
    expect(captured(auth).attempts![0].state).toBe("captured")
    const pendingVoid = voidRequested(auth)
    expect(pendingVoid.void_pending).toBe(true)
    const done = voided(pendingVoid)
    expect(done.status).toBe("canceled")
    expect(done.void_pending).toBeUndefined()
  })

  it("a release on an auto-capture account captures; a rejection voids", () => {
    const held = applyResult(session("sent"), result("-2"), RULES)
    expect(reviewed(held, "release", { auto_capture: true })).toMatchObject({
      status: "captured",
      review: "released",
    })
    expect(reviewed(held, "release", RULES)).toMatchObject({
      status: "authorized",
      review: "released",
    })
    expect(reviewed(held, "reject", RULES)).toMatchObject({
      status: "canceled",
      review: "rejected",
    })
  })

  it("records a refund once", () => {
    const refund = { refund_reference_id: "T1-01", amount: "5.00" }
    const once = refundRecorded(captured(session("authorized")), refund)
    expect(refundRecorded(once, refund).refunds).toEqual([refund])
  })

  it("turns data written before the ledger into a one-attempt ledger", () => {
    const legacy: SessionData = {
      order_no: "MEDold",
      transaction_id: "T9",
      status: "authorized",
      amount: "15.00",
      currency: "USD",
    }
    expect(withLedger(legacy, "authorise").attempts).toEqual([
      {
        order_no: "MEDold",
        kind: "authorise",
        state: "authorized",
        at: "1970-01-01T00:00:00.000Z",
        transaction_id: "T9",
      },
    ])
  })
})
