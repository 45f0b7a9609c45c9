/**
 * Keeps a process, every thread of it, to a set of CPUs with util-linux's
 * taskset (Linux only, as the bench's CPU figures are), and reads back what
 * the kernel allows it, so a run never reports a confinement that did not
 * take.
 */
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"

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

/** Keeps `pid` and every process it started, as they are now, to `cpus`; those it starts later inherit its CPUs. */
export function confineTree(pid: number, cpus: number[]): number[] {
  const tree = processTree(pid)
  for (const member of tree) confine(member, cpus)
  return tree
}

/** `pid` and its descendants, from each process's parent in /proc. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    const parent = parentOrGone(Number(entry))
    if (parent === null) continue
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i++)
    tree.push(...(children.get(tree[i]) ?? []))
  return tree
}

/** The process that started `pid`. */
export function parentOf(pid: number): number {
  const parent = parentOrGone(pid)
  if (parent === null) throw new Error(`no process ${pid}`)
  return parent
}

function parentOrGone(pid: number): number | null {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  } catch {
    return null
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
}
