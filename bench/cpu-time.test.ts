import { existsSync } from "node:fs"
import { machineBusyMs, processCpuMs } from "./cpu-time"

/** Keeps this process busy for about `ms` of CPU. */
function burn(ms: number) {
  const until = process.cpuUsage().user / 1000 + ms
  let x = 0
  while (process.cpuUsage().user / 1000 < until) x += Math.sqrt(x + 1)
  return x
}

describe("CPU time", () => {
  it("reads this process's CPU time as Node's own count has it, within a few ticks", () => {
    burn(200)
    const proc = processCpuMs(process.pid)
    const { user, system } = process.cpuUsage()
    if (!existsSync("/proc/self/stat")) {
      expect(proc).toBeUndefined()
      return
    }
    expect(proc).toBeDefined()
    expect(Math.abs(proc! - (user + system) / 1000)).toBeLessThan(50)
  })

  it("answers undefined for a process that is not there", () => {
    expect(processCpuMs(2 ** 31 - 1)).toBeUndefined()
  })

  it("counts the machine's busy time forward as this process works", () => {
    const before = machineBusyMs()
    burn(100)
    expect(machineBusyMs() - before).toBeGreaterThanOrEqual(90)
  })
})
