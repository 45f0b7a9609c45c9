import type { Operation } from "../journal/journal"
import type { Attempt, SessionData } from "../payment-sessions/session-data"
import { journalVerdicts } from "./journal-settlement"

const AT = "2026-11-27T10:00:00.000Z"

function op(
  id: string,
  kind: Operation["kind"],
  state: Operation["state"],
  order_no = "MEDaaa"
): Operation {
  return {
    id,
    provider_id: "pp_acquiring-card_acquiring",
    kind,
    state,
    order_no,
  }
}

function paid(state: Attempt["state"], extra: SessionData = {}): SessionData {
  return {
    session_id: "payses_1",
    order_no: "MEDaaa",
    attempts: [{ order_no: "MEDaaa", kind: "authorise", state, at: AT }],
    ...extra,
  }
}

const outcome = (ops: Operation[], data: SessionData) =>
  journalVerdicts(ops, data).map((v) => `${v.id}:${v.from}->${v.to}`)

describe("journal verdicts from a payment's recorded state", () => {
  it("settle a lost authorisation the notification or the job answered", () => {
    expect(
      outcome([op("a", "authorise", "unknown")], paid("authorized"))
    ).toEqual(["a:unknown->done"])
    expect(outcome([op("a", "authorise", "sent")], paid("captured"))).toEqual([
      "a:sent->done",
    ])
    expect(outcome([op("a", "checkout", "unknown")], paid("declined"))).toEqual(
      ["a:unknown->refused"]
    )
    expect(outcome([op("a", "authorise", "unknown")], paid("absent"))).toEqual([
      "a:unknown->refused",
    ])
  })

  it("leave an operation whose outcome is still not known", () => {
    expect(outcome([op("a", "authorise", "unknown")], paid("unknown"))).toEqual(
      []
    )
    expect(
      outcome([op("c", "capture", "unknown")], paid("authorized"))
    ).toEqual([])
    expect(outcome([op("v", "void", "unknown")], paid("authorized"))).toEqual(
      []
    )
    // another attempt's operation is not this attempt's business
    expect(
      outcome([op("a", "authorise", "unknown", "MEDbbb")], paid("authorized"))
    ).toEqual([])
  })

  it("count the last capture sent as the one made, the earlier ones refused", () => {
    expect(
      outcome(
        [op("c1", "capture", "unknown"), op("c2", "capture", "sent")],
        paid("captured")
      )
    ).toEqual(["c1:unknown->refused", "c2:sent->done"])
  })

  it("refuse every open capture when one is already known made", () => {
    expect(
      outcome(
        [op("c1", "capture", "done"), op("c2", "capture", "unknown")],
        paid("captured")
      )
    ).toEqual(["c2:unknown->refused"])
  })

  it("refuse captures of a voided payment and settle its void", () => {
    expect(
      outcome(
        [op("c", "capture", "unknown"), op("v", "void", "unknown")],
        paid("void")
      )
    ).toEqual(["c:unknown->refused", "v:unknown->done"])
    // a void still being retried is not done yet
    expect(
      outcome(
        [op("v", "void", "unknown")],
        paid("void", { void_pending: true })
      )
    ).toEqual([])
    expect(outcome([op("v", "void", "sent")], paid("captured"))).toEqual([
      "v:sent->refused",
    ])
  })

  it("count the last void sent as the one made, as for captures", () => {
    expect(
      outcome(
        [op("v1", "void", "unknown"), op("v2", "void", "done")],
        paid("void")
      )
    ).toEqual(["v1:unknown->refused"])
    expect(
      outcome(
        [op("v1", "void", "unknown"), op("v2", "void", "unknown")],
        paid("void")
      )
    ).toEqual(["v1:unknown->refused", "v2:unknown->done"])
  })

  it("leave settled operations alone", () => {
    expect(
      outcome(
        [op("a", "authorise", "done"), op("c", "capture", "refused")],
        paid("captured")
      )
    ).toEqual([])
  })
})
