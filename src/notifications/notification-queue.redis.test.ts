/**
 * The plugin's notification queue on a real Redis: a server puts a
 * notification in, a worker of another "instance" takes it, once however
 * often it was sent, several at a time, tries a failed one again, and puts
 * one whose cart is being completed back for a moment. The handling itself
 * (prompt-handling.ts) and the cart's state are stood in for. Runs only when
 * ACQUIRING_TEST_REDIS_URL is set (jest.config.js).
 */
import { createHash, randomBytes } from "node:crypto"
import { Queue } from "bullmq"
import Redis from "ioredis"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  closeNotificationQueues,
  notificationJobId,
  queuedNotification,
  queueNotification,
  startNotificationWorker,
} from "./notification-queue"
import { handleNotificationNow } from "./prompt-handling"
import { cartBeingCompleted } from "../locking/locks"
import { sessionCartId } from "./session-cart"

jest.mock("./prompt-handling", () => ({ handleNotificationNow: jest.fn() }))
jest.mock("./session-cart", () => ({
  sessionCartId: jest.fn(async (_container, sessionId: string) =>
    sessionId.replace("payses_", "cart_")
  ),
}))
jest.mock("../locking/locks", () => ({
  ...jest.requireActual("../locking/locks"),
  cartBeingCompleted: jest.fn(async () => false),
}))
const handled = handleNotificationNow as jest.Mock
const completing = cartBeingCompleted as jest.Mock

const target = {
  redis_url: process.env.ACQUIRING_TEST_REDIS_URL as string,
  prefix: `acquiring-test-${randomBytes(6).toString("hex")}`,
}
const container = {
  name: "the worker's container",
} as unknown as MedusaContainer
const warnings: string[] = []

function notification(
  orderNo: string,
  provider = "acquiring-hosted_acquiring"
) {
  const raw = `order_no=${orderNo}&order_status=1&sign_info=ab12`
  return queuedNotification(
    {
      provider,
      payload: {
        data: { order_no: orderNo, order_status: "1", sign_info: "ab12" },
        rawData: Buffer.from(raw),
        headers: { "user-agent": "acquirer" },
      },
    },
    `payses_${orderNo}`
  )
}

/** Resolves once `count` handlings run at once; each ends when `release` is called. */
function handlingsAtOnce(count: number) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let running = 0
  const all = new Promise<void>((resolve) => {
    handled.mockImplementation(async () => {
      if (++running === count) resolve()
      await gate
    })
  })
  return { all, release }
}

/**
 * Records each handling's input (failing the tries `failure` names);
 * `made(count)` resolves once that many handlings were made.
 */
function recordHandlings(failure?: (made: number) => Error | undefined) {
  const inputs: unknown[] = []
  const waiting: { count: number; resolve: () => void }[] = []
  handled.mockImplementation(async (given, input) => {
    expect(given).toBe(container)
    inputs.push(input)
    for (const each of waiting) if (inputs.length >= each.count) each.resolve()
    const thrown = failure?.(inputs.length)
    if (thrown) throw thrown
  })
  const made = (count: number) =>
    new Promise<void>((resolve) =>
      inputs.length >= count ? resolve() : waiting.push({ count, resolve })
    )
  return { inputs, made }
}

beforeAll(() => {
  startNotificationWorker({ ...target, concurrency: 4 }, container, {
    warn: (line) => warnings.push(line),
  })
})

afterAll(async () => {
  handled.mockReset()
  await closeNotificationQueues()
  // nothing of the test's left in a Redis others share
  const connection = new Redis(target.redis_url, { maxRetriesPerRequest: null })
  const queue = new Queue("notifications", {
    connection,
    prefix: target.prefix,
  })
  await queue.obliterate({ force: true })
  await queue.close()
  connection.disconnect()
})

it("keeps the notification's provider, fields and raw body, and none of its headers", () => {
  const job = notification("MED0001")
  expect(job).toEqual({
    provider: "acquiring-hosted_acquiring",
    session_id: "payses_MED0001",
    data: { order_no: "MED0001", order_status: "1", sign_info: "ab12" },
    raw: "order_no=MED0001&order_status=1&sign_info=ab12",
  })
})

it("hands each notification to the worker's handling once, with its raw bytes, however often it is queued", async () => {
  const { inputs, made } = recordHandlings()
  const job = notification("MED0002")
  await queueNotification(target, job)
  await made(1)
  // resent after it was handled: the same id, nothing more to do
  await queueNotification(target, job)
  await queueNotification(target, notification("MED0003"))
  await made(2)
  expect(inputs).toEqual([
    {
      provider: "acquiring-hosted_acquiring",
      payload: {
        data: { order_no: "MED0002", order_status: "1", sign_info: "ab12" },
        rawData: Buffer.from("order_no=MED0002&order_status=1&sign_info=ab12"),
        headers: {},
      },
    },
    expect.objectContaining({
      payload: expect.objectContaining({
        rawData: Buffer.from("order_no=MED0003&order_status=1&sign_info=ab12"),
      }),
    }),
  ])
  const id = createHash("sha256")
    .update(
      "acquiring-hosted_acquiring\norder_no=MED0002&order_status=1&sign_info=ab12"
    )
    .digest("hex")
  const connection = new Redis(target.redis_url, { maxRetriesPerRequest: null })
  const queue = new Queue("notifications", {
    connection,
    prefix: target.prefix,
  })
  try {
    expect((await queue.getJob(id))?.data).toEqual(job)
  } finally {
    await queue.close()
    connection.disconnect()
  }
})

it("handles up to its concurrency at once", async () => {
  const { all, release } = handlingsAtOnce(4)
  for (const n of [4, 5, 6, 7])
    await queueNotification(target, notification(`MED000${n}`))
  await all
  release()
})

it("tries a failed handling again, and tells the operator of the failure", async () => {
  const { inputs, made } = recordHandlings((count) =>
    count === 1 ? new Error("lock wait timed out") : undefined
  )
  await queueNotification(target, notification("MED0008"))
  await made(2)
  expect(inputs[1]).toEqual(inputs[0])
  expect(warnings).toEqual([
    "[acquiring] a queued notification failed (try 1 of 6): lock wait timed out",
  ])
})

it("puts a notification whose cart is being completed back in the queue, without counting a try, until the completion is over", async () => {
  let handledNow!: () => void
  const done = new Promise<void>((resolve) => (handledNow = resolve))
  let handlings = 0
  handled.mockImplementation(async () => {
    handlings++
    handledNow()
  })
  const warned = warnings.length
  const asked: string[] = []
  completing.mockImplementation(async (given, cartId) => {
    expect(given).toBe(container)
    asked.push(cartId)
    return asked.length <= 2
  })
  const job = notification("MED0009")
  await queueNotification(target, job)
  await done
  expect(asked).toEqual(["cart_MED0009", "cart_MED0009", "cart_MED0009"])
  // the cart was looked up once, then kept with the job
  expect(
    (sessionCartId as jest.Mock).mock.calls.filter(
      ([, id]) => id === "payses_MED0009"
    )
  ).toHaveLength(1)
  expect(handlings).toBe(1)
  // going back to the queue is not a failure: nothing for the operator
  expect(warnings.length).toBe(warned)
  const connection = new Redis(target.redis_url, { maxRetriesPerRequest: null })
  const queue = new Queue("notifications", {
    connection,
    prefix: target.prefix,
  })
  try {
    const kept = await queue.getJob(notificationJobId(job))
    expect([kept?.data.cart_id, kept?.data.deferrals]).toEqual([
      "cart_MED0009",
      2,
    ])
  } finally {
    await queue.close()
    connection.disconnect()
  }
  completing.mockResolvedValue(false)
})

it("asks nothing of a cart the server already named with the job", async () => {
  const { made } = recordHandlings()
  const asked: string[] = []
  completing.mockImplementation(async (_given, cartId) => {
    asked.push(cartId)
    return false
  })
  const job = queuedNotification(
    {
      provider: "acquiring-hosted_acquiring",
      payload: {
        data: { order_no: "MED0010" },
        rawData: Buffer.from("order_no=MED0010&order_status=1"),
        headers: {},
      },
    },
    "payses_MED0010",
    "cart_named_by_the_server"
  )
  await queueNotification(target, job)
  await made(1)
  expect(asked).toEqual(["cart_named_by_the_server"])
  expect(
    (sessionCartId as jest.Mock).mock.calls.filter(
      ([, id]) => id === "payses_MED0010"
    )
  ).toEqual([])
  completing.mockResolvedValue(false)
})

it("takes a hosted-page payment's notification before card payments' queued earlier", async () => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const begun: string[] = []
  let allBusy!: () => void
  const busy = new Promise<void>((resolve) => (allBusy = resolve))
  let bothLate!: () => void
  const late = new Promise<void>((resolve) => (bothLate = resolve))
  handled.mockImplementation(async (_container, input) => {
    begun.push(input.provider)
    if (begun.length === 4) allBusy()
    if (begun.length === 6) bothLate()
    await gate
  })
  // the four places taken by card payments' notifications
  for (const n of [10, 11, 12, 13])
    await queueNotification(
      target,
      notification(`MED00${n}`, "acquiring-card_acquiring")
    )
  await busy
  await queueNotification(
    target,
    notification("MED0014", "acquiring-card_acquiring")
  )
  await queueNotification(target, notification("MED0015"))
  release()
  await late
  expect(begun.slice(4)).toEqual([
    "acquiring-hosted_acquiring",
    "acquiring-card_acquiring",
  ])
})
