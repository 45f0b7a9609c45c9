/**
 * Refused notifications are counted, and what a sender can add is bounded:
 * one counter per hour, provider and reason, and per real payment it names.
 * The module's statement is stood in for by a counter keyed the way the
 * table's row is (hour, provider, reason, order number), written here.
 */
import { randomBytes } from "node:crypto"
import { gatewayFor } from "../accounts/gateway-port"
import { parseAcquiringOptions } from "../accounts/options"
import {
  memoryJournal,
  TEST_OPTIONS,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import {
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../gateway/index"
import { registerAcquiringModule } from "../modules/acquiring/module-access"
import type AcquiringModuleService from "../modules/acquiring/service"
import { dropMemoryModule } from "../modules/acquiring/__fixtures__/memory-module"
import { webhookAction } from "./notification"
import { countRefusalOnce, refusalReason } from "./refused-notifications"

const ORDER = "MED0123456789abcdef01234567"
const SESSION = "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N"

/** The counters as the table keeps them, and every history row written. */
function countersInMemory() {
  const counters = new Map<string, number>()
  const historyRows: unknown[] = []
  const service = {
    async countNotificationRefusal(refusal: Record<string, unknown>) {
      const hour = new Date().toISOString().slice(0, 13)
      const key = [
        hour,
        refusal.provider_id,
        refusal.reason,
        refusal.order_no ?? "",
      ].join("|")
      const count = (counters.get(key) ?? 0) + 1
      counters.set(key, count)
      return { count, inserted: count === 1 }
    },
    async keepPaymentEvent(row: unknown) {
      historyRows.push(row)
    },
    async createAcquiringPaymentEvents(row: unknown) {
      historyRows.push(row)
    },
  }
  registerAcquiringModule(service as unknown as AcquiringModuleService)
  return { counters, historyRows }
}

async function journalledCore() {
  const journal = memoryJournal()
  const core = testCore(
    gatewayFor(parseAcquiringOptions(TEST_OPTIONS)),
    {},
    journal
  )
  await journal.record({
    provider_id: core.provider_id,
    kind: "authorise",
    order_no: ORDER,
    session_id: SESSION,
    amount: "15.00",
    currency: "USD",
  })
  return core
}

/** A forged notification: the merchant's names, any order number, made-up fields, a made-up signature. */
function forged(orderNo: string) {
  return {
    merchant_id: TEST_OPTIONS.merchant_id,
    account_id: TEST_OPTIONS.account_id,
    transaction_id: `T${randomBytes(6).toString("hex")}`,
    order_no: orderNo,
    currency: "USD",
    amount: `${1 + Math.floor(Math.random() * 1000)}.00`,
    order_status: "1",
    result_info: "0000:Success",
    notify_type: ["PAYMENT", "CAPTURE", "REFUND"][
      Math.floor(Math.random() * 3)
    ],
    encryption_data: randomBytes(32).toString("hex"),
  }
}

describe("refused notifications", () => {
  afterEach(() => dropMemoryModule())

  it("1,000 forged notifications naming one real payment, each seen by both handlers, make one counter of 1,000 and no history row", async () => {
    const { counters, historyRows } = countersInMemory()
    const core = await journalledCore()
    for (let i = 0; i < 1000; i++) {
      const data = forged(ORDER)
      // Medusa's handler and the plugin's subscriber each hand it to the provider
      for (let handler = 0; handler < 2; handler++)
        expect(await webhookAction(core, { data })).toEqual({
          action: "not_supported",
        })
    }
    const hour = new Date().toISOString().slice(0, 13)
    expect([...counters]).toEqual([
      [`${hour}|${core.provider_id}|bad_signature|${ORDER}`, 1000],
    ])
    expect(historyRows).toEqual([])
  })

  it("forged notifications naming 1,000 made-up order numbers add one counter without an order number", async () => {
    const { counters } = countersInMemory()
    const core = await journalledCore()
    for (let i = 0; i < 1000; i++)
      await webhookAction(core, {
        data: forged(`MED${randomBytes(12).toString("hex")}`),
      })
    expect([...counters.values()]).toEqual([1000])
    expect([...counters.keys()][0]).toMatch(/\|bad_signature\|$/)
  })

  it("the first refusal of a counter is a warning, the rest are not logged at that level", async () => {
    countersInMemory()
    const warnings: string[] = []
    const log = { warn: (line: string) => warnings.push(line) }
    const refusal = {
      provider_id: "pp_acquiring-card_acquiring",
      reason: "bad_signature" as const,
      order_no: ORDER,
      session_id: SESSION,
    }
    for (let i = 0; i < 50; i++)
      await countRefusalOnce(refusal, forged(ORDER), log)
    expect(warnings).toEqual([
      `notification refused for pp_acquiring-card_acquiring: bad signature (order ${ORDER}); nothing changed. Further ones this hour are counted in the payment history, not logged.`,
    ])
  })

  it("remembers the notifications it counted for minutes, and at most 10,000 of them", async () => {
    const { counters } = countersInMemory()
    const log = { warn: () => undefined }
    const refusal = {
      provider_id: "pp_acquiring-hosted_acquiring",
      reason: "invalid_content" as const,
    }
    const first = forged("MEDfirst")
    const start = Date.now()
    await countRefusalOnce(refusal, first, log, start)
    await countRefusalOnce(refusal, first, log, start + 60_000)
    expect([...counters.values()]).toEqual([1])
    // ten minutes on, the same notification is a new one
    await countRefusalOnce(refusal, first, log, start + 11 * 60_000)
    expect([...counters.values()]).toEqual([2])
    // 10,000 others push it out of the memory: it counts again
    for (let i = 0; i < 10_000; i++)
      await countRefusalOnce(
        refusal,
        { ...first, n: i },
        log,
        start + 11 * 60_000
      )
    await countRefusalOnce(refusal, first, log, start + 11 * 60_000)
    expect([...counters.values()]).toEqual([10_003])
  })

  it("names why: a bad signature, another merchant account, invalid content", () => {
    expect(refusalReason(new SignatureMismatchError("result"))).toBe(
      "bad_signature"
    )
    expect(
      refusalReason(
        new InvalidInputError("merchant_id", "does not name this account")
      )
    ).toBe("other_account")
    expect(
      refusalReason(new InvalidInputError("account_id", "does not name it"))
    ).toBe("other_account")
    expect(
      refusalReason(new InvalidInputError("notify_type", "must be one of"))
    ).toBe("invalid_content")
    expect(
      refusalReason(
        new TransportError("query", "x", {
          timed_out: false,
          may_have_reached_gateway: false,
        })
      )
    ).toBe("invalid_content")
  })
})
