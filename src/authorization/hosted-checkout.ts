/**
 * The hosted payment page: the acquirer answers the order with an HTML page
 * that forwards the shopper; the plugin passes it through unchanged. The
 * result is only ever taken from the status query or a verified
 * notification. Callers hold the session's lock, so two tabs opening the
 * page at once are served one after the other: the first page stays
 * payable, the second tab is told so.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isOutcomeUnknown } from "../gateway/index"
import { cancelUrlFor, returnUrlFor, type ProviderCore } from "../accounts/core"
import {
  currentAttempt,
  type SessionData,
  type SaveSession,
} from "../payment-sessions/session-data"
import { isWaiting, markUnknown } from "../payment-sessions/transitions"
import {
  attemptOrder,
  keptCardUse,
  prepareAttempt,
  recordAttempt,
} from "./attempts"
import {
  PageOpenElsewhereError,
  toMedusaError,
  unsettledError,
} from "../journal/errors"

/** A page opened this recently is another tab's, not a reload to start over. */
export const REOPEN_GUARD_MS = 5_000

export interface HostedPage {
  html: string
  data: SessionData
  token: string
}

export async function openHostedPage(
  core: ProviderCore,
  stored: SessionData,
  save: SaveSession,
  {
    keep_for,
    now = new Date(),
  }: {
    /** the signed-in customer who asked to keep the card typed on the page */
    keep_for?: string
    now?: Date
  } = {}
): Promise<HostedPage> {
  const current = currentAttempt(stored)
  if (current?.kind === "checkout" && isWaiting(current.state)) {
    const age = now.getTime() - Date.parse(current.at)
    if (age >= 0 && age < REOPEN_GUARD_MS) {
      throw new PageOpenElsewhereError(
        Math.ceil((REOPEN_GUARD_MS - age) / 1000)
      )
    }
  }
  const prepared = await prepareAttempt(core, stored, save)
  if (prepared.kind === "paid") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "This checkout is already paid; complete the order"
    )
  }
  const { data, attempt, operation_id } = await recordAttempt(
    core,
    { ...prepared.data, saved_card: keptCardUse(core, keep_for) },
    "checkout",
    // staff type the card for a customer on the telephone: never challenged
    { now, presence: prepared.data.staff_entered ? "staff_entered" : "shopper" }
  )
  const order = {
    ...attemptOrder(core, data, attempt, {
      return_url: returnUrlFor(core.options, attempt.token),
      cancel_url: cancelUrlFor(core.options, attempt.token),
    }),
    ...(keep_for ? { token_flag: "YES" as const } : {}),
    // the hosted page opens on the method the shopper picked (checked when the session began)
    ...(data.payment_method ? { payment_method: data.payment_method } : {}),
    // staff type the card for a customer on the telephone: never challenged
    ...(data.staff_entered
      ? { order_type: core.options.order_types.staff_entered }
      : {}),
  }
  try {
    const page = await core.gateway.checkout(order)
    await core.journal.settle(operation_id, { state: "done" })
    core.log("info", `checkout page for ${attempt.order_no}`)
    const next: SessionData = {
      ...data,
      attempts: data.attempts?.map((a) =>
        a.order_no === attempt.order_no ? { ...a, state: "pending" } : a
      ),
    }
    return { html: page.html, data: await save(next), token: attempt.token }
  } catch (error) {
    core.log("warn", `checkout for ${attempt.order_no} failed`, { error })
    if (isOutcomeUnknown(error)) {
      await core.journal.settle(operation_id, { state: "unknown" })
      await save(markUnknown(data, attempt.order_no))
      throw unsettledError(
        "The payment page could not be opened (the acquirer's answer was lost); try again in a moment"
      )
    }
    await core.journal.settle(operation_id, { state: "refused" })
    throw toMedusaError(error, "hosted checkout")
  }
}
