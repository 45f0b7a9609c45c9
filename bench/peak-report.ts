/**
 * The peak scenario's arithmetic: one step of the ramp (N shoppers at once,
 * with the card provider and with Medusa's system provider) as throughput,
 * percentiles of every call and of the whole checkout, errors, and the card
 * checkout's p99 over the system provider's.
 */

/** One shopper's checkout: milliseconds of each call and of the whole, its order or its error. */
export interface CheckoutTimes {
  calls: Record<string, number>
  total?: number
  order_id?: string
  /** a hosted-page shopper: no order of its own making, the notification's */
  hosted?: boolean
  /** the hosted page took the payment of this order number */
  paid_order_no?: string
  error?: string
}

/** Milliseconds; null where there was no sample (a call no shopper reached). */
export interface Percentiles {
  p50: number | null
  p95: number | null
  p99: number | null
}

export interface ProviderFigures {
  /** checkouts completed per second of the step's wall time (hosted payments included) */
  per_second: number
  checkout: Percentiles
  calls: Record<string, Percentiles>
  errors: number
  /** the first error, as an example */
  error?: string
  orders: number
  /** Redis commands served during the wave (every instance's), per shopper */
  redis_per_checkout?: number
  /** PostgreSQL statements run during the wave (every instance's, pg_stat_statements), per shopper */
  pg_per_checkout?: number
  /** CPU milliseconds the whole machine spent during the wave (every process: Medusa's, PostgreSQL, Redis, the sandbox, the shoppers), per shopper */
  cpu_per_checkout?: number
  /** the same, of each Medusa process apart (the rest of the machine is PostgreSQL, Redis and the like) */
  process_cpu_per_checkout?: Record<string, number>
  /** hosted-page shoppers of the wave: paid, and the p99 of their time to the page's answer */
  hosted: { paid: number; p99: number | null }
}

export interface StepFigures {
  shoppers: number
  card: ProviderFigures
  system: ProviderFigures
  /** card checkout p99 / system checkout p99; null when either wave completed no checkout */
  p99_ratio: number | null
  /** card CPU per checkout / system CPU per checkout, when both were measured */
  cpu_ratio?: number
}

/** The nearest-rank percentile: the smallest sample with at least `fraction` of them at or under it; null without samples. */
export function percentile(samples: number[], fraction: number): number | null {
  if (!samples.length) return null
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]
}

function percentiles(samples: number[]): Percentiles {
  return {
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
  }
}

export interface Wave {
  checkouts: CheckoutTimes[]
  wallMs: number
  redis_commands?: number
  pg_statements?: number
  /** the machine's busy CPU milliseconds during the wave */
  cpu_ms?: number
  /** each Medusa process's CPU milliseconds during the wave */
  process_cpu_ms?: Record<string, number>
}

export function providerFigures(run: Wave): ProviderFigures {
  const done = run.checkouts.filter((c) => c.order_id)
  const hosted = run.checkouts.filter((c) => c.hosted && c.paid_order_no)
  const failed = run.checkouts.filter((c) => c.error)
  const names = [...new Set(run.checkouts.flatMap((c) => Object.keys(c.calls)))]
  return {
    per_second: ((done.length + hosted.length) * 1000) / run.wallMs,
    checkout: percentiles(done.map((c) => c.total ?? 0)),
    calls: Object.fromEntries(
      names.map((name) => [
        name,
        percentiles(
          done.flatMap((c) => (name in c.calls ? [c.calls[name]] : []))
        ),
      ])
    ),
    errors: failed.length,
    ...(failed[0]?.error ? { error: failed[0].error } : {}),
    orders: done.length,
    ...(run.redis_commands === undefined
      ? {}
      : { redis_per_checkout: run.redis_commands / run.checkouts.length }),
    ...(run.pg_statements === undefined
      ? {}
      : { pg_per_checkout: run.pg_statements / run.checkouts.length }),
    ...(run.cpu_ms === undefined
      ? {}
      : { cpu_per_checkout: run.cpu_ms / run.checkouts.length }),
    ...(run.process_cpu_ms === undefined
      ? {}
      : {
          process_cpu_per_checkout: Object.fromEntries(
            Object.entries(run.process_cpu_ms).map(([name, ms]) => [
              name,
              ms / run.checkouts.length,
            ])
          ),
        }),
    hosted: {
      paid: hosted.length,
      p99: percentile(
        hosted.map((c) => c.total ?? 0),
        0.99
      ),
    },
  }
}

export function stepFigures(
  shoppers: number,
  card: Wave,
  system: Wave
): StepFigures {
  const cardFigures = providerFigures(card)
  const systemFigures = providerFigures(system)
  return {
    shoppers,
    card: cardFigures,
    system: systemFigures,
    p99_ratio:
      cardFigures.checkout.p99 !== null && systemFigures.checkout.p99
        ? cardFigures.checkout.p99 / systemFigures.checkout.p99
        : null,
    ...(cardFigures.cpu_per_checkout !== undefined &&
    systemFigures.cpu_per_checkout
      ? {
          cpu_ratio:
            cardFigures.cpu_per_checkout / systemFigures.cpu_per_checkout,
        }
      : {}),
  }
}
