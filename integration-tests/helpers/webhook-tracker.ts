import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules, PaymentWebhookEvents } from "@medusajs/framework/utils"
import type { SandboxNotification } from "./sandbox"
import { budget } from "../setup/time-budget"

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
  /** Resolves when every webhook received so far has been handled by every subscriber. */
  idle(): Promise<void>
}

/**
 * Follows Medusa's handling of received webhooks in this process: the
 * webhook route emits `payment.webhook_received` with a delay, and every
 * subscriber (Medusa's own and the plugin's) runs when it fires. Counting
 * an event from its emit to the end of its last subscriber tells a test the
 * moment the notifications it caused were dealt with, instead of guessing
 * how long that takes. Test-only: it wraps the local event bus's emitter.
 */
export function trackWebhooks(container: MedusaContainer): WebhookTracker {
  const bus = container.resolve<LocalEventBus>(Modules.EVENT_BUS)
  const emitter = bus.eventEmitter_
  if (!emitter)
    throw new Error(
      "the webhook tracker needs Medusa's local event bus (eventEmitter_)"
    )
  let pending = 0
  let waiters: Array<() => void> = []
  const done = () => {
    pending -= 1
    if (pending === 0) {
      const ready = waiters
      waiters = []
      ready.forEach((wake) => wake())
    }
  }

  const emitEvents = bus.emit.bind(bus)
  bus.emit = async (data, options) => {
    const events = (Array.isArray(data) ? data : [data]) as { name?: string }[]
    const webhooks = events.filter(
      (e) => e?.name === PaymentWebhookEvents.WebhookReceived
    ).length
    pending += webhooks
    try {
      return await emitEvents(data, options)
    } catch (error) {
      for (let i = 0; i < webhooks; i++) done()
      throw error
    }
  }

  const emitNow = emitter.emit.bind(emitter)
  emitter.emit = (name, ...args) => {
    if (name !== PaymentWebhookEvents.WebhookReceived)
      return emitNow(name, ...args)
    const listeners = emitter.rawListeners(name)
    // the bus wraps each subscriber so it never rejects; allSettled all the same
    void Promise.allSettled(
      listeners.map((listener) => listener(args[0]))
    ).then(done)
    return listeners.length > 0
  }

  return {
    inFlight: () => pending,
    idle: () =>
      pending === 0
        ? Promise.resolve()
        : new Promise<void>((wake) => waiters.push(wake)),
  }
}

/**
 * Resolves when Medusa has finished with the webhooks these notifications
 * caused. Those sent to this process are followed by its tracker; those sent
 * to another instance (`second-instance.ts`) cannot be, so for them the wait
 * is their last delivery plus Medusa's delay and a margin.
 */
export async function webhooksHandled(
  suite: {
    webhooks: WebhookTracker
    backendUrl(): string
    webhookDelayMs: number
  },
  notifications: SandboxNotification[]
): Promise<void> {
  await withinSeconds(30, suite.webhooks.idle(), "Medusa's webhook handling")
  const here = `${suite.backendUrl()}/`
  const elsewhere = notifications
    .filter((n) => !n.url.startsWith(here))
    .flatMap((n) => n.attempts)
  if (!elsewhere.length) return
  const until =
    Math.max(...elsewhere.map((a) => Date.parse(a.at))) +
    suite.webhookDelayMs +
    1_500
  if (until > Date.now())
    await new Promise((resolve) => setTimeout(resolve, until - Date.now()))
}

async function withinSeconds(
  seconds: number,
  done: Promise<void>,
  what: string
): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () =>
        fail(
          new Error(
            `${what} still running after ${budget(seconds * 1000) / 1000} s`
          )
        ),
      budget(seconds * 1000)
    )
  })
  try {
    await Promise.race([done, late])
  } finally {
    clearTimeout(timer)
  }
}
