/**
 * Sends signed notifications (form fields) to notify_url and retries with
 * exponential backoff until a 2xx or the attempt budget is spent.
 */
import { encodeForm, type FormValue } from "../gateway/codecs/form"
import { DEFAULT_RETENTION, RetainedList } from "./retention"

export interface NotificationPolicy {
  /** deliveries in all, the first included */
  attempts: number
  /** wait after the first failure; doubles after each further one */
  base_delay_ms: number
  /** per delivery */
  timeout_ms: number
}

export const DEFAULT_NOTIFICATION_POLICY: Readonly<NotificationPolicy> =
  Object.freeze({
    attempts: 6,
    base_delay_ms: 1000,
    timeout_ms: 5000,
  })

export interface DeliveryAttempt {
  at: string
  /** HTTP status, when an answer came */
  status?: number
  error?: string
  ok: boolean
}

export interface NotificationRecord {
  id: string
  notify_type: string
  transaction_id: string
  url: string
  fields: Record<string, unknown>
  /** withheld: recorded but never sent by itself (a lost notification); the control surface can still deliver it */
  state: "pending" | "delivered" | "failed" | "withheld"
  attempts: DeliveryAttempt[]
  next_attempt_at?: string
}

/** Notifications queued while some work runs, and whether they go out. */
interface Collecting {
  deliver: boolean
  queued: NotificationRecord[]
}

export class Notifier {
  private readonly records: RetainedList<NotificationRecord>
  private timers = new Set<NodeJS.Timeout>()
  private sequence = 0
  private closed = false
  private collecting?: Collecting
  /** notifications still to be lost on the way (control surface) */
  private toLose = 0

  constructor(
    private readonly policy: NotificationPolicy,
    private readonly clock: () => Date,
    private readonly log: (line: string) => void = () => undefined,
    /** records kept for list() and find(); a forgotten one still finishes its delivery */
    retain = DEFAULT_RETENTION.notifications
  ) {
    this.records = new RetainedList(retain)
  }

  /** Queues a notification and starts delivering it. */
  send(input: {
    notify_type: string
    transaction_id: string
    url: string
    fields: Record<string, unknown>
  }): NotificationRecord {
    this.sequence += 1
    const lost = this.toLose > 0
    if (lost) this.toLose -= 1
    const withheld = lost || this.collecting?.deliver === false
    const record: NotificationRecord = {
      id: `N${String(this.sequence).padStart(6, "0")}`,
      state: withheld ? "withheld" : "pending",
      attempts: [],
      ...input,
    }
    this.records.push(record)
    this.collecting?.queued.push(record)
    if (!withheld) void this.attempt(record, 1)
    return record
  }

  /**
   * Runs synchronous work and returns the notifications it queued. With
   * `deliver: false` they are recorded as withheld and never sent, as if
   * they were lost on the way.
   */
  queuedBy<T>(
    work: () => T,
    options: { deliver: boolean }
  ): { result: T; notifications: NotificationRecord[] } {
    const outer = this.collecting
    const collecting: Collecting = { deliver: options.deliver, queued: [] }
    this.collecting = collecting
    try {
      return { result: work(), notifications: collecting.queued }
    } finally {
      this.collecting = outer
    }
  }

  /** The next `count` notifications are recorded as withheld and never sent, as if lost on the way. */
  loseNext(count: number): void {
    this.toLose = count
  }

  list(): NotificationRecord[] {
    return this.records
      .toArray()
      .map((r) => ({ ...r, attempts: [...r.attempts] }))
  }

  find(id: string): NotificationRecord | undefined {
    return this.records.find((r) => r.id === id)
  }

  /** One delivery now, outside the retry schedule (control surface). */
  async deliverNow(record: NotificationRecord): Promise<DeliveryAttempt> {
    const attempt = await this.post(record)
    if (attempt.ok) {
      record.state = "delivered"
      record.next_attempt_at = undefined
    }
    return attempt
  }

  reset(): void {
    this.cancelTimers()
    this.records.clear()
  }

  close(): void {
    this.closed = true
    this.cancelTimers()
  }

  private cancelTimers(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  private async attempt(
    record: NotificationRecord,
    number: number
  ): Promise<void> {
    if (this.closed || record.state !== "pending") return
    const result = await this.post(record)
    if (result.ok) {
      record.state = "delivered"
      record.next_attempt_at = undefined
      return
    }
    if (record.state !== "pending") return // delivered meanwhile by hand
    if (number >= this.policy.attempts) {
      record.state = "failed"
      record.next_attempt_at = undefined
      return
    }
    const delay = this.policy.base_delay_ms * 2 ** (number - 1)
    record.next_attempt_at = new Date(
      this.clock().getTime() + delay
    ).toISOString()
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      void this.attempt(record, number + 1)
    }, delay)
    timer.unref()
    this.timers.add(timer)
  }

  private async post(record: NotificationRecord): Promise<DeliveryAttempt> {
    const at = this.clock().toISOString()
    let attempt: DeliveryAttempt
    try {
      const response = await fetch(record.url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: encodeForm(record.fields as Record<string, FormValue>),
        signal: AbortSignal.timeout(this.policy.timeout_ms),
        redirect: "manual",
      })
      await response.arrayBuffer().catch(() => undefined)
      attempt = {
        at,
        status: response.status,
        ok: response.status >= 200 && response.status < 300,
      }
    } catch (error) {
      attempt = { at, error: describe(error), ok: false }
    }
    record.attempts.push(attempt)
    this.log(
      `notify ${record.id} ${record.notify_type} ${record.transaction_id} → ${attempt.status ?? attempt.error} (attempt ${record.attempts.length})`
    )
    return attempt
  }
}

function describe(error: unknown): string {
  const err = error as {
    name?: string
    message?: string
    cause?: { code?: string }
  }
  return err.cause?.code ?? err.name ?? err.message ?? "delivery failed"
}

export function resolveNotificationPolicy(
  overrides?: Partial<NotificationPolicy>
): NotificationPolicy {
  const policy = {
    ...DEFAULT_NOTIFICATION_POLICY,
    ...stripUndefined(overrides ?? {}),
  }
  if (!Number.isInteger(policy.attempts) || policy.attempts < 1)
    throw new RangeError("notifications.attempts must be a positive integer")
  if (!(policy.base_delay_ms >= 0))
    throw new RangeError("notifications.base_delay_ms must be zero or more")
  if (!(policy.timeout_ms > 0))
    throw new RangeError("notifications.timeout_ms must be positive")
  return policy
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined)
  ) as Partial<T>
}
