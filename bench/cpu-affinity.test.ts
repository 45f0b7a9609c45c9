import { availableParallelism } from "node:os"
import { allowedCpus, cpuList } from "./cpu-affinity"

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
