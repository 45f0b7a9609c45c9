/**
 * The reconcile job's part in subscriptions: deductions whose notification
 * never came are found by asking the status query after each running
 * subscription's next order number (and again after a declined one, whose
 * retry may since have been paid), in one query per account; paid ones
 * whose renewal order was left unfinished are finished.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { coreFor, choiceOf } from "../accounts/registry"
import type { ProviderCore } from "../accounts/core"
import { lookupOrders } from "../acquirer-calls/status-query"
import { deductionOrderNo } from "../gateway/index"
import { operationsOfOrders } from "../journal/journal"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { RunningSubscription } from "../modules/acquiring/deduction-sql"
import { loggerOf } from "../order-payments/payment-store"
import { readSessions } from "../payment-sessions/session-store"
import { learnDeduction } from "./learn-deduction"
import { thrownMessage } from "../journal/errors"

/** Subscriptions asked after per run, the longest unasked first. */
const PER_RUN = 200

/** The deductions worth asking after: the next one, and a declined one again. */
export function deductionsToAsk(subscription: RunningSubscription): number[] {
  const last = subscription.last_number ?? 0
  return subscription.last_status === "declined" ? [last, last + 1] : [last + 1]
}

export async function watchDeductions(
  scope: MedusaContainer
): Promise<{ found: number; finished: number }> {
  const module = acquiringModule()
  const unfinished = await module.listAcquiringDeductions(
    { status: "paid", ordered_at: null },
    { take: PER_RUN }
  )
  let finished = 0
  for (const deduction of unfinished) {
    const outcome = await learn(scope, deduction.provider_id, deduction)
    if (outcome === "ordered") finished++
  }

  const running = await module.listRunningSubscriptions(PER_RUN)
  const found = await askAfter(scope, running)
  return { found, finished }
}

async function askAfter(
  scope: MedusaContainer,
  running: RunningSubscription[]
): Promise<number> {
  if (!running.length) return 0
  const firsts = await operationsOfOrders(running.map((s) => s.order_no))
  const providerOf = new Map(
    firsts
      .filter((op) => op.kind === "authorise" || op.kind === "checkout")
      .map((op) => [op.order_no, op.provider_id])
  )
  const states = await firstPayments(running)
  // one status query per account for every order number it is asked after
  const groups = new Map<
    ProviderCore,
    { provider_id: string; asked: Map<string, Asked> }
  >()
  for (const [index, subscription] of running.entries()) {
    const providerId = providerOf.get(subscription.order_no)
    if (!providerId) continue
    let core: ProviderCore
    try {
      core = await coreFor(scope, providerId, choiceOf(states[index]!))
    } catch {
      continue
    }
    const group = groups.get(core) ?? {
      provider_id: providerId,
      asked: new Map<string, Asked>(),
    }
    const infix = core.options.subscription_deductions.order_no_infix
    for (const n of deductionsToAsk(subscription))
      group.asked.set(deductionOrderNo(subscription.order_no, n, infix), {
        order_no: deductionOrderNo(subscription.order_no, n, infix),
        first_order_no: subscription.order_no,
        deduction_number: n,
      })
    groups.set(core, group)
  }
  let found = 0
  for (const [core, group] of groups) {
    const answers = await lookupOrders(core, [...group.asked.keys()])
    for (const [orderNo, answer] of answers) {
      const asked = group.asked.get(orderNo)
      if (answer.kind !== "found" || !asked) continue
      const outcome = await learn(scope, group.provider_id, asked)
      if (outcome !== "unconfirmed") found++
    }
  }
  return found
}

/** The first payments' states, for the account each was made with. */
function firstPayments(running: RunningSubscription[]) {
  return readSessions(running.map((s) => ({ session_id: s.session_id })))
}

/** A deduction asked after: its order number, the first payment's and its number. */
type Asked = {
  order_no: string
  first_order_no: string
  deduction_number: number
}

async function learn(
  scope: MedusaContainer,
  providerId: string,
  asked: Asked
): Promise<string> {
  const orderNo = asked.order_no
  try {
    return (
      await learnDeduction(scope, {
        provider_id: providerId,
        order_no: asked.order_no,
        first_order_no: asked.first_order_no,
        deduction_number: asked.deduction_number,
        source: "job",
      })
    ).kind
  } catch (error) {
    loggerOf(scope).warn(
      `[acquiring] deduction ${orderNo} could not be brought in: ${thrownMessage(error)}`
    )
    return "unconfirmed"
  }
}
