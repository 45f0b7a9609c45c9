import { percentile, stepFigures, type CheckoutTimes } from "./peak-report"
import { stepNote, stepRow } from "./peak-scenarios"
import { meets, table } from "./measure"

const ordered = (total: number, card = total / 2): CheckoutTimes => ({
  calls: { cart: total - card, card },
  total,
  order_id: `order_${total}`,
})

describe("the peak scenario's arithmetic", () => {
  it("takes the nearest-rank percentile", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i)
    expect(percentile(samples, 0.5)).toBe(50)
    expect(percentile(samples, 0.95)).toBe(95)
    expect(percentile(samples, 0.99)).toBe(99)
    expect(percentile([7], 0.99)).toBe(7)
    expect(percentile([3, 1, 2], 0.5)).toBe(2)
    expect(percentile([], 0.99)).toBeNull()
  })

  it("counts completed checkouts per second of the step, errors and hosted payments apart, and the p99 ratio", () => {
    const card = {
      checkouts: [
        ordered(400),
        ordered(600),
        ordered(1000),
        { calls: { cart: 50 }, total: 50, error: "card: 502" },
        { calls: {}, total: 900, hosted: true, paid_order_no: "MED1" },
      ],
      wallMs: 2000,
    }
    const system = {
      checkouts: [ordered(200), ordered(300), ordered(500), ordered(800)],
      wallMs: 1000,
      redis_commands: 100,
      pg_statements: 1_000,
    }
    const step = stepFigures(4, card, system)
    // 3 orders and a hosted payment in 2 s; 4 orders in 1 s
    expect(step.card.per_second).toBe(2)
    expect(step.system.per_second).toBe(4)
    expect(step.card.orders).toBe(3)
    expect(step.card.errors).toBe(1)
    expect(step.card.error).toBe("card: 502")
    // the hosted payment counts apart: its order is the notification's
    expect(step.card.hosted).toEqual({ paid: 1, p99: 900 })
    // the failed checkout's times are left out of the percentiles
    expect(step.card.checkout).toEqual({ p50: 600, p95: 1000, p99: 1000 })
    expect(step.card.calls.card).toEqual({ p50: 300, p95: 500, p99: 500 })
    expect(step.p99_ratio).toBe(1000 / 800)
    // Redis commands per shopper of the wave, when they were counted
    expect(step.system.redis_per_checkout).toBe(25)
    expect(step.card.redis_per_checkout).toBeUndefined()
    // and PostgreSQL statements the same way
    expect(step.system.pg_per_checkout).toBe(250)
    expect(step.card.pg_per_checkout).toBeUndefined()
    // the machine's CPU is compared only when both waves measured it
    expect(step.cpu_ratio).toBeUndefined()
  })

  it("divides the machine's CPU of each wave by its shoppers and compares the two", () => {
    const step = stepFigures(
      4,
      {
        checkouts: [ordered(400), ordered(500)],
        wallMs: 1000,
        cpu_ms: 3_000,
        process_cpu_ms: { "server 2": 800, worker: 300 },
      },
      {
        checkouts: [ordered(300), ordered(400), ordered(500), ordered(600)],
        wallMs: 1000,
        cpu_ms: 5_000,
      }
    )
    expect(step.card.cpu_per_checkout).toBe(1_500)
    expect(step.system.cpu_per_checkout).toBe(1_250)
    expect(step.cpu_ratio).toBe(1.2)
    expect(step.card.process_cpu_per_checkout).toEqual({
      "server 2": 400,
      worker: 150,
    })
    expect(step.system.process_cpu_per_checkout).toBeUndefined()
  })

  it("reports a wave no shopper got through with dashes and its first error, after the figures' trip over IPC", () => {
    const timedOut = (): CheckoutTimes => ({
      calls: { cart: 60_000 },
      total: 60_000,
      error: "cart: timed out after 60000 ms",
    })
    const step = stepFigures(
      2,
      { checkouts: [timedOut(), timedOut()], wallMs: 60_000 },
      { checkouts: [ordered(300), ordered(500)], wallMs: 1000 }
    )
    expect(step.card.checkout).toEqual({ p50: null, p95: null, p99: null })
    expect(step.p99_ratio).toBeNull()
    // the figures reach the report as JSON, from the bench's child process
    const overIpc = JSON.parse(JSON.stringify(step)) as typeof step
    const note = stepNote(overIpc)
    expect(note).toContain("p50 — / 300 ms")
    expect(note).toContain("card cart —")
    expect(note).toContain("2 errors")
    expect(note).toContain("cart: timed out after 60000 ms")
    const row = stepRow(overIpc, {
      serverNice: 0,
      workers: 1,
      workerCpu: null,
      databaseCpu: null,
    })
    expect(meets(row)).toBeUndefined()
    expect(table([row]).split("\n")[2]).toMatch(
      /^\| peak: 2 shoppers at once, checkout p99 \(2 servers, 1 worker\) \| — \| ≤ 1\.05 \| not measured \| ms \| — \| same shoppers, pp_system_default \| 500 \(500–500\) \| /
    )
    const placed = (
      workerCpu: number | null,
      databaseCpu: number | null,
      workers = 1
    ) =>
      stepRow(overIpc, { serverNice: 10, workers, workerCpu, databaseCpu })
        .scenario
    expect(placed(1, null)).toBe(
      "peak: 2 shoppers at once, checkout p99 (2 servers at nice 10, 1 worker alone on CPU 1)"
    )
    expect(placed(1, 1)).toBe(
      "peak: 2 shoppers at once, checkout p99 (2 servers at nice 10, 1 worker and PostgreSQL alone on CPU 1)"
    )
    expect(placed(null, 0)).toBe(
      "peak: 2 shoppers at once, checkout p99 (2 servers at nice 10, 1 worker, PostgreSQL alone on CPU 0)"
    )
    expect(placed(1, 2)).toBe(
      "peak: 2 shoppers at once, checkout p99 (2 servers at nice 10, 1 worker alone on CPU 1, PostgreSQL alone on CPU 2)"
    )
    expect(placed(null, null, 2)).toBe(
      "peak: 2 shoppers at once, checkout p99 (2 servers at nice 10, 2 workers)"
    )
    expect(placed(1, 1, 3)).toBe(
      "peak: 2 shoppers at once, checkout p99 (2 servers at nice 10, 3 workers and PostgreSQL alone on CPU 1)"
    )
  })
})
