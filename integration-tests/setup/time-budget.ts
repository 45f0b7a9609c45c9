/**
 * Time budgets that scale with the machine the suite runs on. The global
 * setup times a fixed piece of real work (migrating the template database)
 * and compares it with what it took on the developers' 2-core machine: a
 * machine three times slower, or one with its cores busy, gets budgets
 * three times longer. The budgets written in the specs are for that
 * reference machine; `budget(ms)` is what a spec waits here.
 *
 * ACQUIRING_TEST_SLOWNESS set by hand (e.g. 3) overrides the measurement.
 * Either way a load average above the reference's raises the budgets given
 * from then on (loadFactorOf).
 */
import { availableParallelism, loadavg } from "node:os"

export const SLOWNESS_VARIABLE = "ACQUIRING_TEST_SLOWNESS"

/** Migrating the template database on the developers' 2-core machine beside the install check (8–10 s measured; seconds). */
export const REFERENCE_MIGRATION_SECONDS = 10

/**
 * How many times the reference's a measure here is, never below 1: the
 * seconds a piece of work took, or the load per core.
 */
export function slownessOf(
  measured: number,
  reference = REFERENCE_MIGRATION_SECONDS
): number {
  return Math.max(1, Math.round((measured / reference) * 100) / 100)
}

/**
 * The load average per core on the reference machine while the whole suite
 * runs (two jest workers, PostgreSQL, Chromium, the install check): about 2.
 */
export const REFERENCE_LOAD_PER_CORE = 2

/**
 * How much busier than the reference this machine is at this moment. The
 * migration is timed once, before the workers start; a run that later
 * shares the cores with more (a build, another suite) has a higher load
 * average, and its budgets grow with it.
 */
export function loadFactorOf(
  load = loadavg()[0],
  cores = availableParallelism()
): number {
  return slownessOf(load / cores, REFERENCE_LOAD_PER_CORE)
}

/** The measured slowness (or the one set by hand), or the live load's where that is higher. */
export function slowness(): number {
  const value = Number(process.env[SLOWNESS_VARIABLE])
  const measured = Number.isFinite(value) && value >= 1 ? value : 1
  return Math.max(measured, loadFactorOf())
}

/** A budget of `ms` on the reference machine, as long as this machine needs (or `factor` times). */
export function budget(ms: number, factor = slowness()): number {
  return Math.ceil(ms * factor)
}

export class StepOutOfTime extends Error {
  constructor(step: string, referenceMs: number, factor: number) {
    super(
      `${step}: ran out of its budget of ${Math.round((referenceMs * factor) / 1000)} s (${Math.round(referenceMs / 1000)} s on the reference machine × slowness ${factor})`
    )
    this.name = "StepOutOfTime"
  }
}

/**
 * Runs one named step of a hook or test within its scaled budget, so that a
 * step that runs out says which it was, not only that the hook took too long.
 */
export async function within<T>(
  step: string,
  referenceMs: number,
  work: () => Promise<T>
): Promise<T> {
  const factor = slowness()
  const ms = budget(referenceMs, factor)
  let timer: NodeJS.Timeout | undefined
  const outOfTime = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new StepOutOfTime(step, referenceMs, factor)),
      ms
    )
  })
  try {
    return await Promise.race([work(), outOfTime])
  } finally {
    clearTimeout(timer)
  }
}
