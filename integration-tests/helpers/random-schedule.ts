/**
 * The schedules money-randomised.spec.ts draws: per payment, admin requests
 * (captures, cancels, refunds, review decisions, syncs) and the card
 * holder's bank (chargebacks opened, won and lost at the sandbox) at random
 * moments; and how each step is sent and reported.
 */
import fc from "fast-check"
import type { HttpAnswer, HttpClient } from "../../dev/store-client/http-client"

/** One step of a payment's schedule: an admin's request, or the card holder's bank at the sandbox. */
export type Op =
  | { kind: "chargeback"; amount: number }
  | { kind: "chargeback-win" }
  | { kind: "chargeback-lose" }
  | { kind: "capture" }
  | { kind: "capture-partial"; amount: number }
  | { kind: "refund"; amount: number }
  | { kind: "order-cancel" }
  | { kind: "release" }
  | { kind: "reject" }
  | { kind: "sync" }

export type Step = {
  op: Op
  /** 0: the admin on the first instance, 1: the one on the second (the first without Redis) */
  admin: 0 | 1
  /** fired this long after the step before was fired (not answered) */
  delay_ms: number
}

export type Plan = {
  /** placed with the review card: held for review at the acquirer */
  review: boolean
  /** captured whole before the schedule starts (never a review payment) */
  captured: boolean
  /** when the payment's first step is fired, from the start of the schedule */
  start_ms: number
  steps: Step[]
}

export type Schedule = { plans: Plan[]; jobs_ms: number[] }

const moneyOp: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant<Op>({ kind: "capture" }), weight: 3 },
  {
    arbitrary: fc.constant<Op>({ kind: "capture-partial", amount: 10 }),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom(5, 10, 15)
      .map<Op>((amount) => ({ kind: "refund", amount })),
    weight: 4,
  },
  { arbitrary: fc.constant<Op>({ kind: "order-cancel" }), weight: 2 },
  { arbitrary: fc.constant<Op>({ kind: "sync" }), weight: 2 },
  // refused by the sandbox unless something captured is left to dispute
  {
    arbitrary: fc
      .constantFrom(3, 5)
      .map<Op>((amount) => ({ kind: "chargeback", amount })),
    weight: 2,
  },
  { arbitrary: fc.constant<Op>({ kind: "chargeback-lose" }), weight: 1 },
  { arbitrary: fc.constant<Op>({ kind: "chargeback-win" }), weight: 1 }
)
const reviewOp: fc.Arbitrary<Op> = fc.constantFrom<Op>(
  { kind: "release" },
  { kind: "reject" }
)

/** The schedules of `payments` payments, whose admins are on two instances or one. */
export function scheduleOf(
  payments: number,
  twoInstances: boolean
): fc.Arbitrary<Schedule> {
  const step = (op: fc.Arbitrary<Op>): fc.Arbitrary<Step> =>
    fc.record({
      op,
      admin: twoInstances ? fc.constantFrom<0 | 1>(0, 1) : fc.constant<0>(0),
      delay_ms: fc.integer({ min: 0, max: 300 }),
    })

  const plan: fc.Arbitrary<Plan> = fc
    .record({
      kind: fc.oneof(
        { arbitrary: fc.constant("review" as const), weight: 1 },
        { arbitrary: fc.constant("captured" as const), weight: 2 },
        { arbitrary: fc.constant("authorised" as const), weight: 4 }
      ),
      start_ms: fc.integer({ min: 0, max: 3_000 }),
      stepsOfAny: fc.array(step(moneyOp), { minLength: 2, maxLength: 4 }),
      stepsOfReview: fc.array(
        step(fc.oneof({ arbitrary: reviewOp, weight: 3 }, moneyOp)),
        { minLength: 2, maxLength: 4 }
      ),
    })
    .map(({ kind, start_ms, stepsOfAny, stepsOfReview }) => ({
      review: kind === "review",
      captured: kind === "captured",
      start_ms,
      // a review payment gets at least one decision; the others none
      steps:
        kind === "review"
          ? stepsOfReview.some((s) => ["release", "reject"].includes(s.op.kind))
            ? stepsOfReview
            : [
                { ...stepsOfReview[0], op: { kind: "release" } as Op },
                ...stepsOfReview.slice(1),
              ]
          : stepsOfAny,
    }))

  return fc.record({
    plans: fc.array(plan, { minLength: payments, maxLength: payments }),
    // the reconcile job, run once or twice while the admins are at it
    jobs_ms: fc
      .array(fc.integer({ min: 0, max: 4_000 }), { minLength: 1, maxLength: 2 })
      .map((at) => [...at].sort((a, b) => a - b)),
  })
}

export type Placed = {
  orderId: string
  paymentId: string
  transactionId: string
}

/** What one step was answered. */
export type Told = {
  step: string
  instance: 1 | 2
  fired_ms: number
  took_ms: number
  status: number
  says?: string
}

export const label = (op: Op) =>
  "amount" in op ? `${op.kind} ${op.amount}` : op.kind

export function request(
  admin: HttpClient,
  /** the sandbox's control surface (/__sandbox) */
  bank: HttpClient,
  placed: Placed,
  op: Op
): Promise<HttpAnswer> {
  const { paymentId, orderId, transactionId } = placed
  switch (op.kind) {
    case "chargeback":
      return bank.post(`/transactions/${transactionId}/chargebacks`, {
        amount: op.amount.toFixed(2),
      })
    case "chargeback-win":
    case "chargeback-lose":
      return decideOpenChargeback(
        bank,
        transactionId,
        op.kind === "chargeback-win" ? "win" : "lose"
      )
    case "capture":
      return admin.post(`/admin/payments/${paymentId}/capture`, {})
    case "capture-partial":
      return admin.post(`/admin/payments/${paymentId}/capture`, {
        amount: op.amount,
      })
    case "refund":
      return admin.post(`/admin/payments/${paymentId}/refund`, {
        amount: op.amount,
      })
    case "order-cancel":
      return admin.post(`/admin/orders/${orderId}/cancel`, {})
    case "release":
    case "reject":
      return admin.post(`/admin/acquiring/payments/${paymentId}/review`, {
        decision: op.kind,
      })
    case "sync":
      return admin.post(`/admin/acquiring/payments/${paymentId}/sync`, {})
  }
}

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A short reason from an answer that is not a 2xx (Medusa's message, else the text). */
export function reason(answer: HttpAnswer): string | undefined {
  if (answer.status < 300) return undefined
  const message =
    typeof answer.data === "object" && answer.data
      ? (answer.data.message ?? answer.data.type)
      : undefined
  return String(message ?? answer.text).slice(0, 160)
}

export const money = (amount: string) => Number(amount)

/** "capture 200×3 409×1, refund 5 …": how each kind of step was answered, for the log. */
export function tally(told: Told[]): string {
  const byStep = new Map<string, Map<number, number>>()
  for (const t of told) {
    const statuses = byStep.get(t.step) ?? new Map<number, number>()
    statuses.set(t.status, (statuses.get(t.status) ?? 0) + 1)
    byStep.set(t.step, statuses)
  }
  return [...byStep.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([step, statuses]) =>
        `${step} ${[...statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}x${n}`)
          .join(" ")}`
    )
    .join(", ")
}

/** The bank decides the transaction's open chargeback; none open answers as the sandbox refuses (409). */
async function decideOpenChargeback(
  bank: HttpClient,
  transactionId: string,
  outcome: "win" | "lose"
): Promise<HttpAnswer> {
  const listed = await bank.get(`/chargebacks?transaction_id=${transactionId}`)
  const open = (listed.data?.chargebacks ?? []).find(
    (c: { chargeback_status: string }) => c.chargeback_status === "OPEN"
  )
  if (!open) return { ...listed, status: 409, text: "no open chargeback" }
  return bank.post(`/chargebacks/${open.chargeback_reference}/${outcome}`, {})
}
