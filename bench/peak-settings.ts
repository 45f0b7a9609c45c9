/**
 * The peak scenario's settings, read from the environment once and refused
 * by name when they are not what the run can take (docs/performance.md).
 */
import { availableParallelism } from "node:os"
import { z } from "zod"

const RAMP = [10, 50, 100, 200]

/** A whole number written as digits, from `min` to `max`; unset: `fallback`, or null without one. */
function whole<Fallback extends number | null = null>(
  min: number,
  max: number,
  fallback: Fallback = null as Fallback
) {
  const expected = `a whole number from ${min} to ${max}`
  return z
    .string()
    .regex(/^\d+$/, expected)
    .transform(Number)
    .refine((n) => n >= min && n <= max, expected)
    .optional()
    .transform((n): number | Fallback => n ?? fallback)
}

function cpuNumber() {
  return z
    .string()
    .regex(/^\d+$/, "a CPU's number")
    .transform(Number)
    .optional()
}

const STEPS_EXPECTED =
  "whole numbers of shoppers from 1 to 2000, comma-separated"

const PeakEnvironment = z.object({
  ACQUIRING_BENCH_PEAK_STEPS: z
    .string()
    .regex(/^\d+(,\d+)*$/, STEPS_EXPECTED)
    .transform((list) => list.split(",").map(Number))
    .refine((steps) => steps.every((n) => n >= 1 && n <= 2_000), STEPS_EXPECTED)
    .optional()
    .transform((steps) => steps ?? RAMP),
  ACQUIRING_BENCH_LATENCY_MS: whole(0, 60_000, 150),
  ACQUIRING_BENCH_PEAK_HOSTED_EVERY: whole(0, 1_000, 5),
  ACQUIRING_BENCH_PEAK_SERVER_NICE: whole(0, 19, 0),
  ACQUIRING_BENCH_PEAK_WORKER_CPU: cpuNumber(),
  ACQUIRING_BENCH_PEAK_DATABASE_CPU: cpuNumber(),
  ACQUIRING_BENCH_PEAK_WORKERS: whole(1, 4, 1),
  ACQUIRING_BENCH_PEAK_QUEUE_CONCURRENCY: whole(1, 64),
  ACQUIRING_BENCH_NOTIFICATIONS: z
    .enum(["worker", "prompt", "queued"], {
      error: "worker, prompt or queued",
    })
    .optional()
    .transform((mode) => mode ?? "worker"),
})

export type PeakSettings = {
  steps: number[]
  /** the acquirer's latency per call */
  latencyMs: number
  /** one card shopper in this many pays on the hosted page; 0: none does */
  hostedEvery: number
  /** the two servers' niceness (0 to 19), the worker's staying 0: a worker given the machine first */
  serverNice: number
  /** worker processes on the same Redis, sharing the plugin's notification queue */
  workers: number
  /** the CPU the workers have to themselves, the servers and the sandbox kept to the others; null: every process may run anywhere */
  workerCpu: number | null
  /** the CPU PostgreSQL (the bench's own cluster) has to itself, or shares with the worker when it is the worker's; null: anywhere */
  databaseCpu: number | null
  /** notifications each worker handles at once (`notification_queue.concurrency`); null: the plugin's default */
  queueConcurrency: number | null
  /** how the servers pass the acquirer's notifications on (`notification_handling`) */
  notifications: "worker" | "prompt" | "queued"
}

/** The settings in `env`; an empty variable counts as unset. */
export function peakSettings(
  env: Record<string, string | undefined>,
  /** the CPUs this machine gives the run */
  cpus = availableParallelism()
): PeakSettings {
  const given = Object.fromEntries(
    Object.keys(PeakEnvironment.shape).flatMap((name) =>
      env[name] ? [[name, env[name].trim()]] : []
    )
  )
  const parsed = PeakEnvironment.safeParse(given)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const name = String(issue.path[0])
    throw new Error(`${name} must be ${issue.message} (given: ${env[name]})`)
  }
  const settings = parsed.data
  const workerCpu = settings.ACQUIRING_BENCH_PEAK_WORKER_CPU ?? null
  const databaseCpu = settings.ACQUIRING_BENCH_PEAK_DATABASE_CPU ?? null
  for (const [name, cpu] of [
    ["ACQUIRING_BENCH_PEAK_WORKER_CPU", workerCpu],
    ["ACQUIRING_BENCH_PEAK_DATABASE_CPU", databaseCpu],
  ] as const)
    if (cpu !== null && (cpus < 2 || cpu >= cpus))
      throw new Error(
        `${name} must be ${cpus < 2 ? "unset on a machine of one CPU" : `a CPU's number from 0 to ${cpus - 1}`} (given: ${env[name]})`
      )
  // the servers need a CPU the two leave them
  const taken = new Set([workerCpu, databaseCpu].filter((cpu) => cpu !== null))
  if (taken.size >= cpus)
    throw new Error(
      `ACQUIRING_BENCH_PEAK_WORKER_CPU and ACQUIRING_BENCH_PEAK_DATABASE_CPU must leave the servers a CPU: name the same one, or leave one unset (given: ${workerCpu} and ${databaseCpu} of CPUs 0 to ${cpus - 1})`
    )
  return {
    steps: settings.ACQUIRING_BENCH_PEAK_STEPS,
    latencyMs: settings.ACQUIRING_BENCH_LATENCY_MS,
    hostedEvery: settings.ACQUIRING_BENCH_PEAK_HOSTED_EVERY,
    serverNice: settings.ACQUIRING_BENCH_PEAK_SERVER_NICE,
    workerCpu,
    databaseCpu,
    workers: settings.ACQUIRING_BENCH_PEAK_WORKERS,
    queueConcurrency: settings.ACQUIRING_BENCH_PEAK_QUEUE_CONCURRENCY,
    notifications: settings.ACQUIRING_BENCH_NOTIFICATIONS,
  }
}
