/**
 * Refused notifications are counted, not stored one by one. Anyone on the
 * internet can post to the notification address; each refusal is one
 * upsert of a counter (acquiring_notification_refusal): per hour, provider
 * and reason, and per payment only when the order number names a real
 * payment of that provider. So a sender can raise a count, never add rows
 * of its choosing: a flood of forgeries adds at most one row per hour and
 * reason, plus one per real payment it names. The first refusal of each
 * counter is logged as a warning, the rest at debug level, so the log is
 * bounded the same way.
 */
import { createHash } from "node:crypto"
import { REFUSAL_WORDS } from "../admin-contract/payment-history"
import {
  InvalidInputError,
  scrubText,
  SignatureMismatchError,
} from "../gateway/index"
import { acquiringModule } from "../modules/acquiring/module-access"
import type {
  RefusalInput,
  RefusalReason,
} from "../modules/acquiring/refusal-sql"
import { thrownMessage } from "../journal/errors"

export type { RefusalReason }

/** Why verification refused a notification. */
export function refusalReason(error: unknown): RefusalReason {
  if (error instanceof SignatureMismatchError) return "bad_signature"
  if (
    error instanceof InvalidInputError &&
    (error.field === "merchant_id" || error.field === "account_id")
  )
    return "other_account"
  return "invalid_content"
}

/** Where refusals are told: warnings for the first of a counter, debug lines for the rest. */
export interface RefusalLog {
  warn(message: string): void
  debug?(message: string): void
}

function say(log: RefusalLog, level: "warn" | "debug", message: string) {
  try {
    log[level]?.(message)
  } catch {
    // logging never breaks an answer
  }
}

/** A plain logger (Medusa's) as a RefusalLog: lines marked as the plugin's and scrubbed as every log line of it. */
export function pluginRefusalLog(logger: {
  warn?(message: string): void
  debug?(message: string): void
}): RefusalLog {
  return {
    warn: (message) => logger.warn?.(scrubText(`[acquiring] ${message}`)),
    debug: (message) => logger.debug?.(scrubText(`[acquiring] ${message}`)),
  }
}

/** Counts one refused notification; a failed write is logged and never breaks the answer. */
export async function countRefusal(
  refusal: RefusalInput,
  log: RefusalLog
): Promise<void> {
  try {
    const { count, inserted } =
      await acquiringModule().countNotificationRefusal(refusal)
    const what = `notification refused for ${refusal.provider_id}: ${REFUSAL_WORDS[refusal.reason]}${refusal.order_no ? ` (order ${refusal.order_no})` : ""}`
    if (inserted)
      say(
        log,
        "warn",
        `${what}; nothing changed. Further ones this hour are counted in the payment history, not logged.`
      )
    else say(log, "debug", `${what}; ${count} this hour`)
  } catch (error) {
    say(
      log,
      "warn",
      `a refused notification was not counted: ${thrownMessage(error)}`
    )
  }
}

/**
 * Medusa's handler and the plugin's subscriber both hand one notification
 * to the provider, in the process that received the event: a refusal seen
 * there is counted once per notification. Most refusals never get here
 * (the door counts them, notification-door.ts); this holds the few the
 * door could not judge, for minutes, at most MEMO_SIZE of them.
 */
const MEMO_SIZE = 10_000
const MEMO_MS = 10 * 60_000
const counted = new Map<string, number>()

export async function countRefusalOnce(
  refusal: RefusalInput,
  fields: Record<string, unknown>,
  log: RefusalLog,
  now = Date.now()
): Promise<void> {
  const key = `${refusal.provider_id}|${createHash("sha256")
    .update(
      JSON.stringify(
        Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))
      )
    )
    .digest("hex")}`
  const seen = counted.get(key)
  if (seen !== undefined && now - seen < MEMO_MS) return
  counted.delete(key)
  counted.set(key, now)
  while (counted.size > MEMO_SIZE)
    counted.delete(counted.keys().next().value as string)
  await countRefusal(refusal, log)
}
