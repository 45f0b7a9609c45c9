/**
 * Journalled operations whose answer was lost stay `sent` or `unknown` in
 * the journal even after a notification, the status query or the reconcile
 * job has recorded their outcome on the payment. Each run settles them from
 * what the payment's own state now says, whichever path learned it; an
 * outcome still not known leaves the operation open.
 */
import { acquiringModule } from "../modules/acquiring/module-access"
import type { Operation, OperationState } from "../journal/journal"
import {
  parseSessionData,
  type SessionData,
} from "../payment-sessions/session-data"
import { holdsMoney } from "../payment-sessions/transitions"

const SETTLED_HERE = ["authorise", "checkout", "capture", "void"] as const

export interface Verdict {
  id: string
  from: OperationState
  to: "done" | "refused"
  why: string
}

const OPEN: ReadonlySet<OperationState> = new Set(["sent", "unknown"])

/**
 * What a payment's recorded state says of its open authorise, checkout,
 * capture and void operations. `ops` are all the session's operations of
 * those kinds, oldest first, settled ones included.
 */
export function journalVerdicts(
  ops: Operation[],
  data: SessionData
): Verdict[] {
  const verdicts: Verdict[] = []
  const attempts = new Map((data.attempts ?? []).map((a) => [a.order_no, a]))
  // the acquirer captures (and voids) a payment once: the last request sent is the one made, unless one is known made already
  const madeOf = (kind: "capture" | "void") => {
    const sent = ops.filter((op) => op.kind === kind)
    return sent.find((op) => op.state === "done") ?? sent[sent.length - 1]
  }
  const made = { capture: madeOf("capture"), void: madeOf("void") }
  for (const op of ops) {
    if (!OPEN.has(op.state)) continue
    const attempt = attempts.get(op.order_no)
    if (!attempt) continue
    const verdict = (to: Verdict["to"], why: string) =>
      verdicts.push({ id: op.id, from: op.state, to, why })
    if (op.kind === "authorise" || op.kind === "checkout") {
      if (attempt.state === "declined")
        verdict("refused", "the acquirer declined it")
      else if (attempt.state === "absent")
        verdict("refused", "the acquirer did not know it when asked")
      else if (
        holdsMoney(attempt.state) ||
        ["void", "pending", "requires_more"].includes(attempt.state)
      )
        verdict("done", `the acquirer has it as ${attempt.state}`)
    } else if (op.kind === "capture") {
      if (attempt.state === "captured") {
        if (op === made.capture)
          verdict("done", "the acquirer captured the payment")
        else verdict("refused", "a later capture of the payment was made")
      } else if (attempt.state === "void" || attempt.state === "declined")
        verdict("refused", `the payment is ${attempt.state}, never captured`)
    } else if (op.kind === "void") {
      if (attempt.state === "void" && !data.void_pending) {
        if (op === made.void) verdict("done", "the acquirer voided the payment")
        else verdict("refused", "a later void of the payment was made")
      } else if (attempt.state === "captured")
        verdict("refused", "the payment was captured, not voided")
    }
  }
  return verdicts
}

/** Settles the open operations older than `quiet_ms` that their payments' states answer; returns what it settled. */
export async function settleKnownOperations(
  now: number,
  quiet_ms: number
): Promise<Verdict[]> {
  const journal = acquiringModule()
  const open = await journal.listAcquiringOperations(
    {
      kind: [...SETTLED_HERE],
      state: [...OPEN],
      created_at: { $lte: new Date(now - quiet_ms) },
    },
    { order: { created_at: "ASC" }, take: 500 }
  )
  const sessionIds = [
    ...new Set(open.map((op) => op.session_id).filter((id) => id !== null)),
  ]
  if (!sessionIds.length) return []
  const [all, states] = await Promise.all([
    journal.listAcquiringOperations(
      { kind: [...SETTLED_HERE], session_id: sessionIds },
      { order: { created_at: "ASC" }, take: 10_000 }
    ),
    journal.readSessionStates(sessionIds),
  ])
  const settled: Verdict[] = []
  for (const id of sessionIds) {
    const ops = all.filter((op) => op.session_id === id)
    for (const verdict of journalVerdicts(
      ops,
      parseSessionData(states.get(id))
    )) {
      const known = ops.find((op) => op.id === verdict.id)?.result_text
      // a path that settles the same operation meanwhile wins
      if (
        await journal.claimAcquiringOperation(
          verdict.id,
          verdict.from,
          verdict.to
        )
      ) {
        if (!known)
          await journal.settleAcquiringOperation(verdict.id, {
            result_text: verdict.why,
          })
        settled.push(verdict)
      }
    }
  }
  return settled
}
