/**
 * Where the door sends a notification: refused ones are answered and
 * counted, verified ones are handled at once (or put in the worker's queue,
 * or Medusa's, when the operator asks), and whatever cannot be judged or handled here goes on to Medusa's
 * route. The triage, the handling and the counting are stood in for; what
 * is tested is the door's choice between them.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { configWith } from "../accounts/__fixtures__/config-module"
import { SignatureMismatchError } from "../gateway/index"
import { screenNotification } from "./notification-door"
import { handleNotificationWithin } from "./prompt-handling"
import { triageNotification } from "./provider-notification"
import { countRefusal } from "./refused-notifications"
import { queueNotification } from "./notification-queue"

jest.mock("./provider-notification", () => ({ triageNotification: jest.fn() }))
jest.mock("./prompt-handling", () => ({
  ...jest.requireActual("./prompt-handling"),
  handleNotificationWithin: jest.fn(),
}))
jest.mock("./notification-queue", () => ({
  ...jest.requireActual("./notification-queue"),
  queueNotification: jest.fn(async () => undefined),
}))
jest.mock("./refused-notifications", () => ({
  ...jest.requireActual("./refused-notifications"),
  countRefusal: jest.fn(async () => undefined),
}))

const triage = triageNotification as jest.Mock
const handleNow = handleNotificationWithin as jest.Mock
const counted = countRefusal as jest.Mock
const queued = queueNotification as jest.Mock

const PROVIDER = "acquiring-hosted_acquiring"
const ORDER = "MED0123456789abcdef01234567"
const SESSION = "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N"

function verifiedBy(verify: () => void) {
  return {
    kind: "ready",
    core: { gateway: { verifyNotification: verify } },
    fields: { order_no: ORDER },
    payment: { order_no: ORDER, session_id: SESSION },
  }
}

/** What the door answered the POST in progress. */
let answered: number[] = []

/** One POST to the door, with medusa-config's options of the provider entry. */
async function post(
  options: Record<string, unknown> = {},
  projectConfig: Record<string, unknown> = {}
) {
  const warnings: string[] = []
  answered = []
  const next = jest.fn()
  const scope = {
    resolve: (key: string) => {
      if (key === "configModule")
        return { ...configWith(options), projectConfig }
      if (key === "logger")
        return { warn: (line: string) => warnings.push(line) }
      throw new Error(`no ${key}`)
    },
  }
  const req = {
    method: "POST",
    params: { provider: PROVIDER },
    body: { order_no: ORDER },
    rawBody: Buffer.from(`order_no=${ORDER}`),
    headers: {},
    scope,
  } as unknown as MedusaRequest
  const res = {
    sendStatus: (status: number) => answered.push(status),
  } as unknown as MedusaResponse
  await screenNotification(req, res, next)
  return { next, warnings, scope }
}

describe("the notification door", () => {
  beforeEach(() => {
    triage.mockReset()
    handleNow.mockReset()
    counted.mockClear()
    queued.mockReset()
  })

  it("handles a verified notification before answering 200, and queues nothing", async () => {
    triage.mockResolvedValue(verifiedBy(() => undefined))
    handleNow.mockResolvedValue("handled")
    let answeredWhileHandling: number[] | undefined
    const { next, scope } = await post()
    expect(handleNow).toHaveBeenCalledTimes(1)
    const [container, input] = handleNow.mock.calls[0]
    expect(container).toBe(scope)
    expect(input).toEqual({
      provider: PROVIDER,
      payload: {
        data: { order_no: ORDER },
        rawData: Buffer.from(`order_no=${ORDER}`),
        headers: {},
      },
    })
    // the very object it triaged: the provider's verdict reuses that triage (one-verdict.ts)
    expect(input.payload).toBe(triage.mock.calls[0][1])
    expect(answered).toEqual([200])
    expect(next).not.toHaveBeenCalled()

    // the answer waits for the handling
    handleNow.mockImplementation(async () => {
      answeredWhileHandling = [...answered]
      return "handled"
    })
    await post()
    expect(answeredWhileHandling).toEqual([])
    expect(answered).toEqual([200])
  })

  it('hands a verified notification to Medusa\'s queue when the options say "queued"', async () => {
    triage.mockResolvedValue(verifiedBy(() => undefined))
    const { next } = await post({ notification_handling: "queued" })
    expect(handleNow).not.toHaveBeenCalled()
    expect(answered).toEqual([])
    expect(next).toHaveBeenCalledTimes(1)
  })

  it('puts a verified notification in the worker\'s queue when the options say "worker", and answers 200 at once', async () => {
    triage.mockResolvedValue(verifiedBy(() => undefined))
    const { next } = await post(
      { notification_handling: "worker" },
      { redisUrl: "redis://127.0.0.1:6379/2" }
    )
    expect(queued.mock.calls.map(([target, job]) => [target, job])).toEqual([
      [
        { redis_url: "redis://127.0.0.1:6379/2", prefix: "acquiring" },
        {
          provider: PROVIDER,
          session_id: SESSION,
          data: { order_no: ORDER },
          raw: `order_no=${ORDER}`,
        },
      ],
    ])
    expect(handleNow).not.toHaveBeenCalled()
    expect(next).not.toHaveBeenCalled()
    expect(answered).toEqual([200])

    // the queue's own Redis and prefix win over Medusa's
    await post(
      {
        notification_handling: "worker",
        notification_queue: {
          redis_url: "redis://10.0.0.9:6380",
          prefix: "shop-a",
        },
      },
      { redisUrl: "redis://127.0.0.1:6379/2" }
    )
    expect(queued.mock.calls[1][0]).toEqual({
      redis_url: "redis://10.0.0.9:6380",
      prefix: "shop-a",
    })
  })

  it("puts the session's cart, as the plugin recorded it, in the job: the worker need not look it up", async () => {
    triage.mockResolvedValue({
      ...verifiedBy(() => undefined),
      cart_id: "cart_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
    })
    await post(
      { notification_handling: "worker" },
      { redisUrl: "redis://127.0.0.1:6379/2" }
    )
    expect(queued.mock.calls[0][1]).toEqual({
      provider: PROVIDER,
      session_id: SESSION,
      cart_id: "cart_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
      data: { order_no: ORDER },
      raw: `order_no=${ORDER}`,
    })
  })

  it("handles it here when no Redis is named for the worker's queue, and hands it to Medusa's queue when queueing fails", async () => {
    triage.mockResolvedValue(verifiedBy(() => undefined))
    handleNow.mockResolvedValue("handled")
    const here = await post({ notification_handling: "worker" })
    expect(queued).not.toHaveBeenCalled()
    expect(handleNow).toHaveBeenCalledTimes(1)
    expect(here.next).not.toHaveBeenCalled()
    expect(answered).toEqual([200])

    queued.mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:6379"))
    const { next, warnings } = await post(
      { notification_handling: "worker" },
      { redisUrl: "redis://127.0.0.1:6379" }
    )
    expect(answered).toEqual([])
    expect(next).toHaveBeenCalledTimes(1)
    expect(warnings).toEqual([
      `[acquiring] notification for ${ORDER} not queued for the worker, handed to Medusa's queue: connect ECONNREFUSED 127.0.0.1:6379`,
    ])
  })

  it("queues it too when its handling here is still under way at the end of its time, so the acquirer is answered before its time-out", async () => {
    triage.mockResolvedValue(verifiedBy(() => undefined))
    handleNow.mockResolvedValue("late")
    const { next, warnings } = await post()
    expect(handleNow.mock.calls[0][2]).toBe(3_000)
    expect(answered).toEqual([])
    expect(next).toHaveBeenCalledTimes(1)
    // a failure after that is the operator's to read; the queued copy does the work
    handleNow.mock.calls[0][3](new Error("lock wait timed out"))
    expect(warnings).toEqual([
      `[acquiring] notification for ${ORDER} failed after its time here; its queued copy handles it: lock wait timed out`,
    ])
  })

  it("hands it to Medusa's queue when handling it here fails, and tells the operator", async () => {
    triage.mockResolvedValue(verifiedBy(() => undefined))
    handleNow.mockRejectedValue(new Error("lock wait timed out"))
    const { next, warnings } = await post()
    expect(answered).toEqual([])
    expect(next).toHaveBeenCalledTimes(1)
    expect(warnings).toEqual([
      `[acquiring] notification for ${ORDER} not handled at once, handed to Medusa's queue: lock wait timed out`,
    ])
  })

  it("refuses a bad signature: counted, answered 200, neither handled nor queued", async () => {
    triage.mockResolvedValue(
      verifiedBy(() => {
        throw new SignatureMismatchError("notification")
      })
    )
    const { next } = await post()
    expect(handleNow).not.toHaveBeenCalled()
    expect(next).not.toHaveBeenCalled()
    expect(answered).toEqual([200])
    expect(counted).toHaveBeenCalledWith(
      {
        provider_id: `pp_${PROVIDER}`,
        reason: "bad_signature",
        order_no: ORDER,
        session_id: SESSION,
      },
      expect.anything()
    )
  })

  it("leaves to Medusa's handlers what this instance cannot verify or judge", async () => {
    triage.mockResolvedValue({
      kind: "unverifiable",
      error: new Error("no settings key"),
      order_no: ORDER,
    })
    expect((await post()).next).toHaveBeenCalledTimes(1)
    triage.mockRejectedValue(new Error("database unreachable"))
    expect((await post()).next).toHaveBeenCalledTimes(1)
    expect(handleNow).not.toHaveBeenCalled()
    expect(counted).not.toHaveBeenCalled()
  })
})
