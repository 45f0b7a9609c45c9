/**
 * The fault matrix shared by money-faults.spec.ts and
 * money-faults-refunds.spec.ts: each fault of the service, before or after
 * it acted, and what the specs need to inject one and wait for it.
 */
import type { AcquiringSuite, Shop } from "./acquiring-suite"
import { adminPayment, placeDirectOrder } from "./checkout"
import { eventually } from "./polling"
import type { HttpAnswer } from "../../dev/store-client/http-client"
import { moneyOf } from "./settlement"
import { redact } from "../../src/gateway"
import type { TestSandbox } from "./sandbox"
import { budget } from "../setup/time-budget"

/**
 * The provider's time-out in these specs: short, so the latency fault
 * outlasts it quickly, and scaled with the machine, so an unfaulted call on
 * a slow or busy one does not outlast it too.
 */
export const TIMEOUT_MS = budget(2_000)
export const LATENCY_MS = TIMEOUT_MS + budget(1_000)

/** Call at the top of the spec file, before the runner boots Medusa (integration-tests/medusa-config.ts reads it). */
export function shortProviderTimeout(): void {
  process.env.ACQUIRING_TEST_TIMEOUT_MS = String(TIMEOUT_MS)
}

export type FaultCase = {
  name: string
  kind: string
  after_processing?: boolean
  latency_ms?: number
  /** whether the service carried the operation out despite the fault */
  acted: boolean
}

export const FAULTS: FaultCase[] = [
  {
    name: "latency past the time-out",
    kind: "latency",
    latency_ms: LATENCY_MS,
    acted: true,
  },
  {
    name: "connection reset before processing",
    kind: "connection_reset",
    acted: false,
  },
  {
    name: "connection reset after processing",
    kind: "connection_reset",
    after_processing: true,
    acted: true,
  },
  { name: "HTTP 500 before processing", kind: "http_500", acted: false },
  {
    name: "HTTP 500 after processing",
    kind: "http_500",
    after_processing: true,
    acted: true,
  },
  { name: "malformed body", kind: "malformed_body", acted: true },
  { name: "wrong signature", kind: "wrong_signature", acted: true },
]

/** The order total of one unit in the USD region: 10.00 + 5.00 shipping. */
export const TOTAL = 15
export const REFUND = 5
/** A partial capture: the acquirer captures this much and releases the rest. */
export const PART = 10

/** Never a server error, never the XML parser or signature internals. */
export function expectClearAnswer(answer: HttpAnswer, step: string): void {
  expect({ step, status: answer.status < 500 }).toEqual({ step, status: true })
  expect(answer.text).not.toMatch(
    /<\?xml|\bxml\b|close tag|non-whitespace|line: ?\d|column: ?\d|encryption_data|\bstack\b/i
  )
}

/** Injecting a fault, waiting for the call it hit, and reading both sides' money. */
export function faultMatrix(suite: AcquiringSuite) {
  const { sandbox, openShop } = suite
  afterEach(() => sandbox.clearFaults())

  const inject = (operation: string, fault: FaultCase) =>
    sandbox.injectFault({
      operation,
      kind: fault.kind,
      after_processing: fault.after_processing ?? false,
      latency_ms: fault.latency_ms,
      count: 1,
    })

  /** How many calls of `operation` the sandbox has finished. */
  const finished = async (operation: string) =>
    (await sandbox.requests(operation)).length

  /** Waits until the sandbox finished the call the fault hit: a slow one ends after the plugin gave up. */
  const faultedCallDone = (operation: string, earlier: number) =>
    eventually(`the faulted ${operation} call`, async () =>
      (await sandbox.requests(operation)).slice(earlier).some((r) => r.fault)
        ? true
        : undefined
    )

  const money = (shop: Shop, orderId: string, transactionId: string) =>
    moneyOf(sandbox, shop, orderId, transactionId)

  /** A direct order whose 15.00 the acquirer authorised. */
  async function authorizedOrder() {
    const shop = await openShop()
    const { order } = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, order.id)
    return {
      shop,
      order,
      payment,
      transactionId: String(payment.data.transaction_id),
    }
  }

  return { inject, finished, faultedCallDone, money, authorizedOrder }
}

/**
 * The capture requests of one transaction the sandbox received, oldest
 * first. Its log masks digit runs that look like a card number, the
 * sandbox's transaction ids among them: compare the logged form.
 */
export async function capturesOf(sandbox: TestSandbox, transactionId: string) {
  const logged = redact(transactionId)
  return (await sandbox.requests("capture")).filter((r) =>
    (r.body.capture_orders ?? []).some(
      (e: { transaction_id?: string }) => e.transaction_id === logged
    )
  )
}

/** The sandbox's summary of a capture it made (also when a fault hit the answer after processing). */
export const CAPTURE_MADE = /\breturn_status=1 1\/1 done\b/
