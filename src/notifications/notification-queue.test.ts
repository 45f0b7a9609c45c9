/**
 * A server whose notification queue's Redis does not answer: the
 * acquirer must not wait on it. Nothing listens on the port used.
 */
import {
  closeNotificationQueues,
  queuedNotification,
  queueNotification,
} from "./notification-queue"

afterAll(() => closeNotificationQueues())

// without the time-out each call would wait for the client's endless reconnecting, past the test's own
it("gives up on a Redis that does not answer within 2 s, and tells the operator once", async () => {
  const warnings: string[] = []
  const log = { warn: (line: string) => warnings.push(line) }
  const target = { redis_url: "redis://127.0.0.1:1", prefix: "acquiring" }
  const job = queuedNotification(
    {
      provider: "acquiring-hosted_acquiring",
      payload: { data: {}, rawData: Buffer.from("order_no=MED1"), headers: {} },
    },
    "payses_1"
  )
  await expect(queueNotification(target, job, log)).rejects.toThrow(
    "the notification queue's Redis did not answer within 2000 ms"
  )
  await expect(queueNotification(target, job, log)).rejects.toThrow(
    "did not answer within 2000 ms"
  )
  expect(warnings).toEqual([
    "[acquiring] notification queue: connect ECONNREFUSED 127.0.0.1:1",
  ])
})
