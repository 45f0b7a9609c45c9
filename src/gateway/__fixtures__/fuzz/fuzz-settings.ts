/**
 * How many generated inputs each fuzz target gets: 2,000 in the unit run,
 * FUZZ_RUNS for `npm run fuzz` (10,000 unless set). FUZZ_SEED replays a
 * failing run that fast-check reported.
 */
import fc from "fast-check"

const runs = Number(process.env.FUZZ_RUNS ?? 2000)
if (!Number.isInteger(runs) || runs < 1) {
  throw new Error("FUZZ_RUNS must be a positive whole number")
}

export const FUZZ_RUNS = runs

/**
 * The route fuzz sends each input through a whole Medusa request: 1,000 per
 * route in `npm test` (a fifth of the suite's time at 2,000), FUZZ_RUNS when
 * it is set.
 */
export const ROUTE_FUZZ_RUNS = process.env.FUZZ_RUNS === undefined ? 1000 : runs

export function fuzzParameters<T>(): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED
  return {
    numRuns: FUZZ_RUNS,
    ...(seed === undefined ? {} : { seed: Number(seed) }),
  }
}

/** Long enough for 10,000 runs of the slowest target on a shared 2-core machine. */
export const FUZZ_TEST_TIMEOUT_MS = Math.max(60_000, FUZZ_RUNS * 30)
