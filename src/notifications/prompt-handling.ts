/**
 * A verified notification handled while the acquirer waits for the answer,
 * on the instance that received it: Medusa's own handling (the
 * process-payment workflow for an authorised or captured payment, which
 * completes the cart of a shopper who never came back) and the plugin's
 * record of it. Medusa 2.21's webhook route would queue the same work for
 * 5 s (its payment module never reads `webhook_delay` from medusa-config)
 * and then behind every other event on the worker; the race that delay
 * guards against, the storefront completing the same cart, is settled by
 * the cart's lock, which the workflow and the storefront's completion both
 * take. The acquirer gets its 2xx once the work is done: a crash before it
 * means the notification is sent again, and a failure is handed to
 * Medusa's route, queued as before (notification-door.ts).
 *
 * An authorised payment whose order the storefront already made (a card
 * payment whose notification came after the shopper's own completion)
 * skips the workflow, which would only take and give back the cart's lock;
 * one whose storefront had the card's answer and is completing the cart now
 * leaves it to a check after a wait (card-order-check.ts).
 *
 * Work still under way after PROMPT_BUDGET_MS (a loaded instance) is
 * queued as well and answered, so the acquirer does not time out and send
 * it again while the first handling runs: on a sale day each resend did the
 * whole work again and waited on the same cart's lock. The queued copy
 * finds the work done. A resend arriving at this instance meanwhile joins
 * the handling under way instead of starting its own.
 */
import type {
  MedusaContainer,
  ProviderWebhookPayload,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { PaymentActions } from "@medusajs/framework/utils"
import { withLentAnswers } from "../acquirer-calls/lent-answers"
import { LATE, settleWithin } from "../deadlines/settle-within"
import { sessionPaidAndOrdered } from "../order-payments/cart-order"
import { paymentModule } from "../order-payments/payment-store"
import { recordNotification } from "./notification-subscriber"
import { cardOrderDue, deferCardOrder } from "./card-order-check"
import { runProcessPayment } from "./process-payment"

/** The actions Medusa's webhook subscriber runs the process-payment workflow for; it drops every other. */
const MEDUSA_ACTS_ON: ReadonlySet<string> = new Set([
  PaymentActions.AUTHORIZED,
  PaymentActions.SUCCESSFUL,
])

/** Under the acquirers' time-out for an answer (the sandbox's 5 s) with room for the door's own checks. */
export const PROMPT_BUDGET_MS = 3_000

/** Handlings under way in this instance, by the notification's raw body. */
const underWay = new Map<string, Promise<void>>()

/** "handled" once done within the budget; "late" when still under way at its end (its failure is logged then). */
export async function handleNotificationWithin(
  container: MedusaContainer,
  input: ProviderWebhookPayload,
  budgetMs = PROMPT_BUDGET_MS,
  onLateFailure: (error: unknown) => void = () => undefined
): Promise<"handled" | "late"> {
  const key = rawKey(input)
  let handling = underWay.get(key)
  if (!handling) {
    handling = handleNotificationNow(container, input).finally(() =>
      underWay.delete(key)
    )
    underWay.set(key, handling)
  }
  const outcome = await settleWithin(handling, budgetMs)
  if (outcome !== LATE) return "handled"
  handling.catch(onLateFailure)
  return "late"
}

function rawKey(input: ProviderWebhookPayload): string {
  const raw: unknown = input.payload.rawData
  return `${input.provider}\n${Buffer.isBuffer(raw) ? raw.toString("utf8") : JSON.stringify(input.payload.data)}`
}

export function handleNotificationNow(
  container: MedusaContainer,
  input: ProviderWebhookPayload
): Promise<void> {
  // the verdict's status query serves the authorisation the workflow runs (lent-answers.ts)
  return withLentAnswers(async () => {
    // one payload object for both, so the status query behind the verdict runs once (one-verdict.ts)
    const verdict =
      await paymentModule(container).getWebhookActionAndData(input)
    const due = cardOrderDue(verdict)
    if (due) await deferCardOrder(container, due)
    else if (await medusaHasWork(container, verdict))
      await runProcessPayment(container, verdict)
    await recordNotification(container, input)
  })
}

/** Whether Medusa's process-payment workflow would do anything for the verdict. */
async function medusaHasWork(
  container: MedusaContainer,
  verdict: WebhookActionResult
): Promise<boolean> {
  const sessionId = verdict.data?.session_id
  if (!sessionId || !MEDUSA_ACTS_ON.has(verdict.action)) return false
  return (
    verdict.action !== PaymentActions.AUTHORIZED ||
    !(await sessionPaidAndOrdered(container, sessionId))
  )
}
