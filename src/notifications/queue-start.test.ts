/**
 * Which instances take notifications from the plugin's queue, and from
 * which Redis: read from medusa-config as Medusa would (workerMode, then
 * MEDUSA_WORKER_MODE). The queue itself is stood in for.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { configWith } from "../accounts/__fixtures__/config-module"
import { startNotificationWorker } from "./notification-queue"
import { startNotificationQueues } from "./queue-start"

jest.mock("./notification-queue", () => ({
  startNotificationWorker: jest.fn(),
}))
const started = startNotificationWorker as jest.Mock

const container = {} as MedusaContainer

function start(
  options: Record<string, unknown>,
  projectConfig: Record<string, unknown>
) {
  const warnings: string[] = []
  started.mockClear()
  startNotificationQueues(
    { ...configWith(options), projectConfig },
    container,
    {
      warn: (line) => warnings.push(line),
    }
  )
  return { warnings, targets: started.mock.calls.map(([target]) => target) }
}

describe("the notification queue at start-up", () => {
  it("takes notifications on a worker and a shared instance, from Medusa's Redis unless the options name one", () => {
    const worker = { notification_handling: "worker" }
    expect(
      start(worker, { workerMode: "worker", redisUrl: "redis://r:6379" })
    ).toEqual({
      warnings: [],
      targets: [
        { redis_url: "redis://r:6379", prefix: "acquiring", concurrency: 32 },
      ],
    })
    expect(
      start(
        {
          ...worker,
          notification_queue: { redis_url: "redis://q:6380", concurrency: 4 },
        },
        { workerMode: "shared", redisUrl: "redis://r:6379" }
      ).targets
    ).toEqual([
      { redis_url: "redis://q:6380", prefix: "acquiring", concurrency: 4 },
    ])
  })

  it("takes none on a server, nor with another handling", () => {
    expect(
      start(
        { notification_handling: "worker" },
        { workerMode: "server", redisUrl: "redis://r:6379" }
      )
    ).toEqual({ warnings: [], targets: [] })
    expect(
      start(
        { notification_handling: "prompt" },
        { workerMode: "worker", redisUrl: "redis://r:6379" }
      )
    ).toEqual({ warnings: [], targets: [] })
  })

  it("tells the operator when no Redis is named, on every instance: notifications are then handled where they arrive", () => {
    for (const workerMode of ["server", "worker"])
      expect(
        start({ notification_handling: "worker" }, { workerMode })
      ).toEqual({
        warnings: [
          '[acquiring] acquiring: notification_handling "worker" needs notification_queue.redis_url or projectConfig.redisUrl; notifications are handled where they arrive until one is set',
        ],
        targets: [],
      })
  })
})
