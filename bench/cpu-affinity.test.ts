import { availableParallelism } from "node:os"
import { spawn } from "node:child_process"
import {
  allowedCpus,
  confineTree,
  cpuList,
  parentOf,
  processTree,
} from "./cpu-affinity"

describe("the kernel's CPU lists", () => {
  it("read ranges and single CPUs", () => {
    expect(cpuList("0")).toEqual([0])
    expect(cpuList("0-3")).toEqual([0, 1, 2, 3])
    expect(cpuList("0-1,4,6-7")).toEqual([0, 1, 4, 6, 7])
  })

  it("name what this process may run on, as many CPUs as libuv counts for it", () => {
    const cpus = allowedCpus(process.pid)
    expect(cpus).toHaveLength(availableParallelism())
    expect(new Set(cpus).size).toBe(cpus.length)
  })
})

describe("a process tree kept to a CPU", () => {
  it("keeps the process and the one it started, and nothing else", async () => {
    // a shell that starts a sleep and names it
    const shell = spawn("sh", ["-c", "sleep 60 & echo $!; wait"], {
      stdio: ["ignore", "pipe", "ignore"],
    })
    const exited = new Promise((done) => shell.once("exit", done))
    const sleeper = Number(
      await new Promise<string>((named) =>
        shell.stdout.once("data", (chunk: Buffer) => named(String(chunk)))
      )
    )
    try {
      expect(processTree(shell.pid!).sort()).toEqual(
        [shell.pid!, sleeper].sort()
      )
      expect(parentOf(sleeper)).toBe(shell.pid)
      expect(processTree(process.pid)).toEqual(
        expect.arrayContaining([process.pid, shell.pid, sleeper])
      )
      const ours = allowedCpus(process.pid)
      confineTree(shell.pid!, [0])
      expect(allowedCpus(shell.pid!)).toEqual([0])
      expect(allowedCpus(sleeper)).toEqual([0])
      expect(allowedCpus(process.pid)).toEqual(ours)
    } finally {
      // the shell ends once its sleep does
      process.kill(sleeper)
      await exited
    }
  })
})
