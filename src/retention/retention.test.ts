import type { MedusaContainer } from "@medusajs/framework/types"
import { AccountSource, useAccountSource } from "../accounts/account-source"
import type AcquiringModuleService from "../modules/acquiring/service"
import { registerAcquiringModule } from "../modules/acquiring/module-access"
import {
  OPEN_ATTEMPT_STATES,
  OPEN_STATUSES,
  SHOPPER_FIELDS,
} from "../modules/acquiring/retention-sql"
import {
  ATTEMPT_STATES,
  SESSION_STATUSES,
  SessionDataSchema,
} from "../payment-sessions/session-data"
import { storeConfig } from "./__fixtures__/store-config"
import { retentionLine, runRetention } from "./retention"

function moduleAnswering(
  shopper: number[],
  history: number[],
  refusals: number[] = []
) {
  const calls = {
    shopper: [] as number[][],
    history: [] as number[][],
    refusals: [] as number[][],
  }
  const service = {
    anonymiseExpiredShopperData: jest.fn(
      async (days: number, limit: number) => {
        calls.shopper.push([days, limit])
        return shopper.shift() ?? 0
      }
    ),
    deleteExpiredPaymentEvents: jest.fn(async (days: number, limit: number) => {
      calls.history.push([days, limit])
      return history.shift() ?? 0
    }),
    deleteExpiredRefusals: jest.fn(async (days: number, limit: number) => {
      calls.refusals.push([days, limit])
      return refusals.shift() ?? 0
    }),
  }
  registerAcquiringModule(service as unknown as AcquiringModuleService)
  return calls
}

function containerLogging(lines: string[], configModule: unknown = {}) {
  return {
    resolve: (key: string) =>
      key === "logger"
        ? { info: (line: string) => lines.push(line) }
        : configModule,
  } as unknown as MedusaContainer
}

describe("the retention run", () => {
  beforeEach(() => useAccountSource(new AccountSource(async () => [])))

  it("works in batches until one comes back short, and says what it did in one line", async () => {
    const calls = moduleAnswering([2, 2, 1], [0], [2, 1])
    const lines: string[] = []
    const outcome = await runRetention(containerLogging(lines), {
      batch_size: 2,
    })
    expect(outcome).toEqual({
      policy: { shopper_data_days: 180, history_days: 365 },
      anonymised: 5,
      history_deleted: 0,
      refusals_deleted: 3,
      more_left: false,
    })
    expect(calls.shopper).toEqual([
      [180, 2],
      [180, 2],
      [180, 2],
    ])
    expect(calls.history).toEqual([[365, 2]])
    // counters of refused notifications are kept as long as the history
    expect(calls.refusals).toEqual([
      [365, 2],
      [365, 2],
    ])
    expect(lines).toEqual([
      "[acquiring] retention: shopper data removed from 5 payment state(s) not written for 180 days, 0 history entries and 3 counts of refused notifications older than 365 days deleted",
    ])
  })

  it("stops after the bound of batches and leaves the rest for the next run", async () => {
    const calls = moduleAnswering([], [3, 3, 3, 3])
    const lines: string[] = []
    const outcome = await runRetention(containerLogging(lines), {
      policy: { shopper_data_days: 30, history_days: 60 },
      batch_size: 3,
      max_batches: 2,
    })
    expect(outcome).toMatchObject({ history_deleted: 6, more_left: true })
    expect(calls.history).toEqual([
      [60, 3],
      [60, 3],
    ])
    expect(lines[0]).toMatch(
      /6 history entries and 0 counts of refused notifications older than 60 days deleted; more left for the next run$/
    )
  })

  it("applies the longest period medusa-config's entries and the accounts set", async () => {
    const calls = moduleAnswering([], [])
    useAccountSource(
      new AccountSource(async () => [
        {
          advanced: { retention: { history_days: 900 } },
          deleted_at: null,
        } as never,
      ])
    )
    const config = storeConfig({ retention: { shopper_data_days: 400 } })
    const outcome = await runRetention(containerLogging([], config))
    expect(outcome.policy).toEqual({
      shopper_data_days: 400,
      history_days: 900,
    })
    expect(calls.shopper).toEqual([[400, 500]])
    expect(calls.history).toEqual([[900, 500]])
  })

  it("says one history entry and one count in the singular", () => {
    expect(
      retentionLine({
        policy: { shopper_data_days: 1, history_days: 2 },
        anonymised: 0,
        history_deleted: 1,
        refusals_deleted: 1,
        more_left: false,
      })
    ).toMatch(
      /1 history entry and 1 count of refused notifications older than 2 days deleted$/
    )
  })
})

describe("what the statements name of a payment's state", () => {
  it("are fields, attempt states and statuses its schema has", () => {
    const fields = Object.keys(SessionDataSchema.shape)
    expect(SHOPPER_FIELDS.filter((f) => !fields.includes(f))).toEqual([])
    expect(
      OPEN_ATTEMPT_STATES.filter((s) => !ATTEMPT_STATES.includes(s))
    ).toEqual([])
    expect(OPEN_STATUSES.filter((s) => !SESSION_STATUSES.includes(s))).toEqual(
      []
    )
  })

  it("removes the shopper's fields and none of the money record", () => {
    // the cart snapshot (e-mail, phone, names, addresses, items), the request's IP, agent and language, the device
    expect([...SHOPPER_FIELDS].sort()).toEqual(["cart", "client", "device"])
    const money = [
      "attempts",
      "order_no",
      "transaction_id",
      "amount",
      "currency",
      "status",
      "account",
      "refunds",
      "captured_amount",
    ]
    expect(
      money.filter((f) => (SHOPPER_FIELDS as readonly string[]).includes(f))
    ).toEqual([])
  })
})
