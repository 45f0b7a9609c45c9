import { peakSettings } from "./peak-settings"

describe("the peak scenario's settings", () => {
  it("are the documented defaults when nothing is set, or set empty", () => {
    const defaults = {
      steps: [10, 50, 100, 200],
      latencyMs: 150,
      hostedEvery: 5,
      serverNice: 0,
      workers: 1,
      workerCpu: null,
      databaseCpu: null,
      queueConcurrency: null,
      notifications: "worker",
    }
    expect(peakSettings({})).toEqual(defaults)
    expect(peakSettings({ ACQUIRING_BENCH_PEAK_SERVER_NICE: "" })).toEqual(
      defaults
    )
  })

  it("take what is set", () => {
    expect(
      peakSettings(
        {
          ACQUIRING_BENCH_PEAK_STEPS: "10,10,500",
          ACQUIRING_BENCH_LATENCY_MS: "0",
          ACQUIRING_BENCH_PEAK_HOSTED_EVERY: "0",
          ACQUIRING_BENCH_PEAK_SERVER_NICE: " 19 ",
          ACQUIRING_BENCH_PEAK_WORKERS: "3",
          ACQUIRING_BENCH_PEAK_WORKER_CPU: "1",
          ACQUIRING_BENCH_PEAK_DATABASE_CPU: "1",
          ACQUIRING_BENCH_PEAK_QUEUE_CONCURRENCY: "2",
          ACQUIRING_BENCH_NOTIFICATIONS: "prompt",
        },
        2
      )
    ).toEqual({
      steps: [10, 10, 500],
      latencyMs: 0,
      hostedEvery: 0,
      serverNice: 19,
      workers: 3,
      workerCpu: 1,
      databaseCpu: 1,
      queueConcurrency: 2,
      notifications: "prompt",
    })
  })

  it.each([
    ["ACQUIRING_BENCH_PEAK_SERVER_NICE", "20", "a whole number from 0 to 19"],
    ["ACQUIRING_BENCH_NOTIFICATIONS", "later", "worker, prompt or queued"],
    ["ACQUIRING_BENCH_PEAK_WORKERS", "0", "a whole number from 1 to 4"],
    ["ACQUIRING_BENCH_PEAK_WORKERS", "5", "a whole number from 1 to 4"],
    ["ACQUIRING_BENCH_PEAK_SERVER_NICE", "-1", "a whole number from 0 to 19"],
    [
      "ACQUIRING_BENCH_PEAK_HOSTED_EVERY",
      "2.5",
      "a whole number from 0 to 1000",
    ],
    ["ACQUIRING_BENCH_LATENCY_MS", "fast", "a whole number from 0 to 60000"],
    [
      "ACQUIRING_BENCH_PEAK_STEPS",
      "10,,50",
      "whole numbers of shoppers from 1 to 2000, comma-separated",
    ],
    [
      "ACQUIRING_BENCH_PEAK_STEPS",
      "0,50",
      "whole numbers of shoppers from 1 to 2000, comma-separated",
    ],
    [
      "ACQUIRING_BENCH_PEAK_STEPS",
      "2001",
      "whole numbers of shoppers from 1 to 2000, comma-separated",
    ],
    ["ACQUIRING_BENCH_PEAK_WORKER_CPU", "first", "a CPU's number"],
    ["ACQUIRING_BENCH_PEAK_DATABASE_CPU", "-1", "a CPU's number"],
    [
      "ACQUIRING_BENCH_PEAK_QUEUE_CONCURRENCY",
      "0",
      "a whole number from 1 to 64",
    ],
    [
      "ACQUIRING_BENCH_PEAK_QUEUE_CONCURRENCY",
      "65",
      "a whole number from 1 to 64",
    ],
  ])("refuse %s=%s by name", (name, value, expected) => {
    expect(() => peakSettings({ [name]: value })).toThrow(
      `${name} must be ${expected} (given: ${value})`
    )
  })

  it("refuse a worker's CPU the machine lacks, or one that leaves the servers none", () => {
    const setting = (value: string, cpus: number) => () =>
      peakSettings({ ACQUIRING_BENCH_PEAK_WORKER_CPU: value }, cpus)
    expect(setting("0", 2)().workerCpu).toBe(0)
    expect(setting("3", 4)().workerCpu).toBe(3)
    expect(setting("2", 2)).toThrow(
      "ACQUIRING_BENCH_PEAK_WORKER_CPU must be a CPU's number from 0 to 1 (given: 2)"
    )
    expect(setting("0", 1)).toThrow(
      "ACQUIRING_BENCH_PEAK_WORKER_CPU must be unset on a machine of one CPU (given: 0)"
    )
  })

  it("refuse a database's CPU the machine lacks, or a pair that leaves the servers none", () => {
    const setting = (worker: string, database: string, cpus: number) => () =>
      peakSettings(
        {
          ACQUIRING_BENCH_PEAK_WORKER_CPU: worker,
          ACQUIRING_BENCH_PEAK_DATABASE_CPU: database,
        },
        cpus
      )
    expect(setting("", "0", 2)()).toMatchObject({
      workerCpu: null,
      databaseCpu: 0,
    })
    expect(setting("1", "1", 2)()).toMatchObject({
      workerCpu: 1,
      databaseCpu: 1,
    })
    expect(setting("1", "2", 4)()).toMatchObject({
      workerCpu: 1,
      databaseCpu: 2,
    })
    expect(setting("", "2", 2)).toThrow(
      "ACQUIRING_BENCH_PEAK_DATABASE_CPU must be a CPU's number from 0 to 1 (given: 2)"
    )
    expect(setting("", "0", 1)).toThrow(
      "ACQUIRING_BENCH_PEAK_DATABASE_CPU must be unset on a machine of one CPU (given: 0)"
    )
    expect(setting("1", "0", 2)).toThrow(
      "ACQUIRING_BENCH_PEAK_WORKER_CPU and ACQUIRING_BENCH_PEAK_DATABASE_CPU must leave the servers a CPU: name the same one, or leave one unset (given: 1 and 0 of CPUs 0 to 1)"
    )
  })
})
