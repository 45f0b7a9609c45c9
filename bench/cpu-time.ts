/**
 * CPU time of the peak scenario's waves. On a saturated machine what a
 * checkout costs in CPU is what sets throughput and queueing; unlike a p99
 * it barely moves from run to run, and per process it shows where the
 * cost lies.
 */
import { readFileSync } from "node:fs"
import { cpus } from "node:os"

/** Milliseconds every core has been busy so far (user, nice, system, interrupts): every process, PostgreSQL and Redis included. */
export function machineBusyMs(): number {
  return cpus().reduce(
    (sum, { times }) => sum + times.user + times.nice + times.sys + times.irq,
    0
  )
}

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10

/** CPU milliseconds a process has used so far, from /proc; undefined where there is none, or once the process is gone. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // the command name (the 2nd field) may hold spaces: count from after its ")"
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    // utime and stime, the 14th and 15th fields
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? ticks * MS_PER_TICK : undefined
  } catch {
    return undefined
  }
}
