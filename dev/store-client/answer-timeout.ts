/**
 * How long the store client waits for an answer: `ms` on the developers'
 * 2-core machine, longer where the test suite measured a slower one
 * (ACQUIRING_TEST_SLOWNESS, set by its global setup; see
 * integration-tests/setup/time-budget.ts). Two admins' money operations
 * on one order queue behind each other's lock (up to 45 s each), so on a
 * machine three times slower a fixed wait would abort an answer that was
 * still coming.
 */
export function answerTimeout(ms: number): number {
  const slowness = Number(process.env.ACQUIRING_TEST_SLOWNESS)
  return Number.isFinite(slowness) && slowness > 1
    ? Math.ceil(ms * slowness)
    : ms
}
