import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules, PaymentWebhookEvents } from "@medusajs/framework/utils"
import type { SandboxNotification } from "./sandbox"
import { budget } from "../setup/time-budget"
import { LATE, settleWithin } from "../../src/deadlines/settle-within"

type Listener = (body: unknown) => unknown
type Emitter = {
  emit(name: string | symbol, ...args: unknown[]): boolean
  rawListeners(name: string | symbol): Listener[]
}
type LocalEventBus = {
  emit(data: unknown, options?: unknown): Promise<unknown>
  eventEmitter_?: Emitter
}

export type WebhookTracker = {
  /** Webhooks Medusa's route has received and its subscribers have not finished with. */
  inFlight(): number
  /** Resolves when every webhook received so far, and every event fired, has been handled by every subscriber. */
  idle(): Promise<void>
}

/**
 * Follows Medusa's handling of received webhooks in this process: the
 * webhook route emits `payment.webhook_received` with a delay, and every
 * subscriber (Medusa's own and the plugin's) runs when it fires. Counting
 * an event from its emit to the end of its last subscriber tells a test the
 * moment the notifications it caused were dealt with, instead of guessing
 * how long that takes. `idle()` also waits for every other event's
 * subscribers (an order cancelled retries its void on `order.canceled`), so
 * what a test settles is not still being written behind it. Test-only: it
 * wraps the local event bus's emitter.
 */
export function trackWebhooks(container: MedusaContainer): WebhookTracker & {
  /** Webhooks Medusa's route has queued since the file began (the plugin's door handles verified ones itself). */
  received(): number
} {
  const bus = container.resolve<LocalEventBus>(Modules.EVENT_BUS)
  const emitter = bus.eventEmitter_
  if (!emitter)
    throw new Error(
      "the webhook tracker needs Medusa's local event bus (eventEmitter_)"
    )
  /** webhooks from their emit (they wait out Medusa's delay) to their last subscriber's end */
  let webhooks = 0
  /** other events' subscriber runs under way */
  let running = 0
  let received = 0
  let waiters: Array<() => void> = []
  const wakeIfIdle = () => {
    if (webhooks > 0 || running > 0) return
    const ready = waiters
    waiters = []
    ready.forEach((wake) => wake())
  }
  const webhookDone = () => {
    webhooks -= 1
    wakeIfIdle()
  }
  const runDone = () => {
    running -= 1
    wakeIfIdle()
  }

  const emitEvents = bus.emit.bind(bus)
  bus.emit = async (data, options) => {
    const events = (Array.isArray(data) ? data : [data]) as { name?: string }[]
    const count = events.filter(
      (e) => e?.name === PaymentWebhookEvents.WebhookReceived
    ).length
    webhooks += count
    received += count
    try {
      return await emitEvents(data, options)
    } catch (error) {
      for (let i = 0; i < count; i++) webhookDone()
      throw error
    }
  }

  const emitNow = emitter.emit.bind(emitter)
  emitter.emit = (name, ...args) => {
    const listeners = emitter.rawListeners(name)
    const webhook = name === PaymentWebhookEvents.WebhookReceived
    if (!webhook && listeners.length === 0) return emitNow(name, ...args)
    if (!webhook) running += 1
    // the bus wraps each subscriber so it never rejects; allSettled all the same
    void Promise.allSettled(
      listeners.map((listener) => listener(args[0]))
    ).then(webhook ? webhookDone : runDone)
    return listeners.length > 0
  }

  return {
    received: () => received,
    inFlight: () => webhooks,
    idle: () =>
      webhooks === 0 && running === 0
        ? Promise.resolve()
        : new Promise<void>((wake) => waiters.push(wake)),
  }
}

/** Other instances of the app this process started (`second-instance.ts`) whose own tracker answers, by base URL. */
const otherInstances = new Map<string, () => Promise<void>>()

/** An instance that can say when its own webhooks are handled; the answer is a function that forgets it. */
export function followInstance(
  url: string,
  idle: () => Promise<void>
): () => void {
  otherInstances.set(url, idle)
  return () => {
    if (otherInstances.get(url) === idle) otherInstances.delete(url)
  }
}

/**
 * Resolves when Medusa has finished with the webhooks these notifications
 * caused. Those sent to this process are followed by its tracker; those
 * sent to another instance by that instance's own tracker, asked over its
 * channel (`second-instance.ts`). An instance no longer running handles
 * nothing more, and on Redis the suite's tracker is the shared event queue,
 * which sees every instance's webhooks already.
 */
export async function webhooksHandled(
  suite: {
    webhooks: WebhookTracker
    backendUrl(): string
  },
  notifications: SandboxNotification[]
): Promise<void> {
  await withinSeconds(30, suite.webhooks.idle(), "Medusa's webhook handling")
  const here = `${suite.backendUrl()}/`
  const elsewhere = notifications.filter((n) => !n.url.startsWith(here))
  for (const [url, idle] of otherInstances)
    if (elsewhere.some((n) => n.url.startsWith(`${url}/`)))
      await withinSeconds(30, idle(), `the webhook handling of ${url}`)
}

async function withinSeconds(
  seconds: number,
  done: Promise<void>,
  what: string
): Promise<void> {
  const ms = budget(seconds * 1000)
  if ((await settleWithin(done, ms)) === LATE)
    throw new Error(`${what} still running after ${ms / 1000} s`)
}
