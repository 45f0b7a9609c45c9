import type { ICacheService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import inMemoryCache from "@medusajs/cache-inmemory"
import { watchChargebacks } from "./chargeback-watch"
import { reconcilePayments } from "./payments"

jest.mock("./payments", () => ({ reconcilePayments: jest.fn() }))

/** The largest delay a Node timer honours; a longer one fires at once. */
const NODE_TIMER_MAX_MS = 2 ** 31 - 1

/** Captured payments p01…p05 of the card provider, listed as the payment module would after `id > cursor`. */
function storeWithPayments(cache: ICacheService) {
  const ids = ["p01", "p02", "p03", "p04", "p05"]
  const listPayments = jest.fn(
    async (filters: { id?: { $gt: string } }, config: { take: number }) =>
      ids
        .filter((id) => !filters.id || id > filters.id.$gt)
        .slice(0, config.take)
        .map((id) => ({
          id,
          provider_id: "pp_acquiring-card_acquiring",
          data: {},
          captured_at: new Date("2026-08-01T00:00:00Z"),
          canceled_at: null,
        }))
  )
  const container = {
    resolve: (key: string) =>
      key === Modules.CACHE ? cache : { listPayments },
  } as unknown as MedusaContainer
  return { container, listPayments }
}

describe("the chargeback watch's cursor", () => {
  afterEach(() => jest.restoreAllMocks())

  it("is kept in Medusa's in-memory cache from one run to the next: each run asks the next slice", async () => {
    const timers = jest.spyOn(global, "setTimeout")
    // Medusa's in-memory cache module, as a store without Redis has it
    const Service = inMemoryCache.service as new (
      deps: object,
      options: object
    ) => ICacheService
    const cache = new Service({}, {})
    const { container } = storeWithPayments(cache)
    const asked = () =>
      (reconcilePayments as jest.Mock).mock.calls.map((call) =>
        call[1].map((p: { id: string }) => p.id)
      )
    const now = new Date("2026-11-29T00:00:00Z")

    await watchChargebacks(container, { now, per_run: 2 })
    // the cache keeps an entry with a timer: one Node can wait for
    const delays = timers.mock.calls.map((call) => Number(call[1]))
    expect(delays.length).toBeGreaterThan(0)
    expect(delays.every((ms) => ms <= NODE_TIMER_MAX_MS)).toBe(true)

    await watchChargebacks(container, { now, per_run: 2 })
    await watchChargebacks(container, { now, per_run: 2 })
    expect(asked()).toEqual([["p01", "p02"], ["p03", "p04"], ["p05"]])
    await cache.invalidate("acquiring:chargeback-watch:cursor")
  })
})
