/**
 * Keeps a process, every thread of it, to a set of CPUs with util-linux's
 * taskset (Linux only, as the bench's CPU figures are), and reads back what
 * the kernel allows it, so a run never reports a confinement that did not
 * take.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"

export function confine(pid: number, cpus: number[]): void {
  const list = cpus.join(",")
  try {
    execFileSync(
      "taskset",
      ["--all-tasks", "--cpu-list", "--pid", list, String(pid)],
      {
        stdio: "ignore",
      }
    )
  } catch (error) {
    throw new Error(
      `could not keep process ${pid} to CPU ${list} (taskset, from util-linux, does it): ${(error as Error).message}`
    )
  }
  const allowed = allowedCpus(pid)
  if (allowed.join(",") !== [...cpus].sort((a, b) => a - b).join(","))
    throw new Error(
      `process ${pid} may still run on CPU ${allowed.join(",")}, not ${list}`
    )
}

/** The CPUs the kernel lets `pid` run on, from /proc (Cpus_allowed_list: "0-3,6"). */
export function allowedCpus(pid: number): number[] {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const list = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1]
  if (!list) throw new Error(`no Cpus_allowed_list for process ${pid}`)
  return cpuList(list)
}

/** A kernel CPU list ("0-2,5") as numbers. */
export function cpuList(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number)
    return Array.from({ length: to - from + 1 }, (_, i) => from + i)
  })
}
