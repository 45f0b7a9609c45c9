/**
 * Capture on fulfilment or on shipment, as the specs drive it: an admin
 * account saying when to capture, a fulfilment and a shipment made through
 * Medusa's own admin routes, and the moment the plugin's subscribers of
 * those events are done (capture-when-due.ts runs in them, after the route
 * has answered).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AcquiringSuite, Shop } from "./acquiring-suite"
import { eventually } from "./polling"
import { sandboxAccountBody } from "./sandbox-account"
import {
  expectStatus,
  type HttpAnswer,
} from "../../dev/store-client/http-client"

export type CaptureTrigger = "fulfilment" | "shipment"

/** Medusa's events whose subscribers capture (src/subscribers/). */
export const TRIGGER_EVENTS = {
  fulfilment: "order.fulfillment_created",
  shipment: "shipment.created",
} as const satisfies Record<CaptureTrigger, string>

const SETTINGS = "/admin/acquiring/settings"

/** The store's only account: the sandbox's, capturing at `captureOn`. Needs ACQUIRING_SETTINGS_KEY (its sign key is sealed). */
export async function accountCapturingOn(
  suite: Pick<AcquiringSuite, "sandbox" | "backendUrl">,
  shop: Shop,
  captureOn: CaptureTrigger
): Promise<void> {
  const existing = (await shop.admin.get(SETTINGS)).data.accounts
  for (const account of existing)
    await shop.admin.delete(`${SETTINGS}/accounts/${account.id}`)
  expectStatus(
    await shop.admin.post(
      `${SETTINGS}/accounts`,
      sandboxAccountBody(suite.sandbox, suite.backendUrl, {
        capture_on: captureOn,
      })
    ),
    200,
    "account"
  )
}

export type Fulfilled = {
  /** the answer of POST /admin/orders/:id/fulfillments */
  answer: HttpAnswer
  items: { id: string; quantity: number }[]
  fulfillment: { id: string }
}

/** Fulfils every item of the order (POST /admin/orders/:id/fulfillments). */
export async function fulfil(shop: Shop, orderId: string): Promise<Fulfilled> {
  const { order } = expectStatus(
    await shop.admin.get(`/admin/orders/${orderId}?fields=id,*items`),
    200,
    "order items"
  )
  const items = order.items.map((item: any) => ({
    id: item.id,
    quantity: item.quantity,
  }))
  const answer = await shop.admin.post(
    `/admin/orders/${orderId}/fulfillments`,
    {
      items,
    }
  )
  expectStatus(answer, 200, "create fulfilment")
  const { order: after } = expectStatus(
    await shop.admin.get(`/admin/orders/${orderId}?fields=id,*fulfillments`),
    200,
    "order fulfilments"
  )
  return { answer, items, fulfillment: after.fulfillments[0] }
}

/** Ships a fulfilment whole (POST /admin/orders/:id/fulfillments/:id/shipments). */
export async function ship(
  shop: Shop,
  orderId: string,
  fulfilled: Pick<Fulfilled, "items" | "fulfillment">
): Promise<HttpAnswer> {
  const answer = await shop.admin.post(
    `/admin/orders/${orderId}/fulfillments/${fulfilled.fulfillment.id}/shipments`,
    { items: fulfilled.items }
  )
  expectStatus(answer, 200, "ship")
  return answer
}

type Listener = (body: unknown) => unknown
type Emitter = {
  emit(name: string | symbol, ...args: unknown[]): boolean
  rawListeners(name: string | symbol): Listener[]
}

/**
 * Follows the subscribers of the trigger events in this process, as
 * webhook-tracker.ts does for webhooks: Medusa emits the event after its
 * route's workflow and runs the subscribers without waiting, so a test
 * waits for the last of them to return instead of guessing how long a
 * capture (or its time-out) takes. Call inside the suite; it installs and
 * removes itself around the file's tests.
 */
export function triggerSubscribers(suite: Pick<AcquiringSuite, "container">) {
  const events: readonly string[] = Object.values(TRIGGER_EVENTS)
  const handled = new Map<string, number>()
  let installed: { emitter: Emitter; previous: Emitter["emit"] } | undefined

  beforeAll(() => {
    const emitter = localEmitter(suite.container())
    const previous = emitter.emit
    const pass = previous.bind(emitter)
    emitter.emit = (name, ...args) => {
      if (typeof name !== "string" || !events.includes(name))
        return pass(name, ...args)
      const listeners = emitter.rawListeners(name)
      // the bus wraps each subscriber so it never rejects; allSettled all the same
      void Promise.allSettled(listeners.map((l) => l(args[0]))).then(() =>
        handled.set(name, (handled.get(name) ?? 0) + 1)
      )
      return listeners.length > 0
    }
    installed = { emitter, previous }
  })
  afterAll(() => {
    if (installed) installed.emitter.emit = installed.previous
  })

  /** Runs `action` (the route that emits `trigger`'s event), then waits until that event's subscribers are done. */
  return async function thenSubscribersDone<T>(
    trigger: CaptureTrigger,
    action: () => Promise<T>
  ): Promise<T> {
    const event = TRIGGER_EVENTS[trigger]
    const before = handled.get(event) ?? 0
    const result = await action()
    await eventually(`the subscribers of ${event}`, async () =>
      (handled.get(event) ?? 0) > before ? true : undefined
    )
    return result
  }
}

function localEmitter(container: MedusaContainer): Emitter {
  const bus = container.resolve<{ eventEmitter_?: Emitter }>(Modules.EVENT_BUS)
  if (!bus.eventEmitter_)
    throw new Error(
      "following the subscribers needs Medusa's local event bus (eventEmitter_)"
    )
  return bus.eventEmitter_
}
