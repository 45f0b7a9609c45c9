import { parseResponXml } from "../gateway/codecs/xml-result"
import { Notifier, resolveNotificationPolicy } from "./notifier"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  authorizeBody,
  expectedResultSignature,
  post,
  startReceiver,
  TEST_ACCOUNT,
  waitFor,
} from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    notifications: { attempts: 4, base_delay_ms: 25 },
  })
})
afterAll(() => sandbox.close())

async function pay(notifyUrl: string) {
  const result = parseResponXml(
    (
      await post(
        `${sandbox.url}/v1/authorise`,
        authorizeBody({ notify_url: notifyUrl })
      )
    ).text
  )
  return String(result.transaction_id)
}

describe("notifications", () => {
  it("loses the next notifications when asked: recorded as withheld, never sent, deliverable by hand", async () => {
    const receiver = await startReceiver([])
    try {
      const asked = await post(`${sandbox.url}/__sandbox/notifications/lose`, {
        count: 1,
      })
      expect(asked.json()).toEqual({ lose_next: 1 })
      const lost = await pay(receiver.url)
      const sent = await pay(receiver.url)
      // the second payment's notification arrives; the first one's was lost before it
      await waitFor(() =>
        receiver.received.some((r) => r.fields.transaction_id === sent)
      )
      expect(receiver.received.map((r) => r.fields.transaction_id)).toEqual([
        sent,
      ])
      const record = sandbox
        .notifications()
        .find((n) => n.transaction_id === lost)
      expect(record).toMatchObject({ state: "withheld", attempts: [] })
      const delivered = await post(
        `${sandbox.url}/__sandbox/notifications/${record!.id}/deliver`,
        {}
      )
      expect(delivered.json().attempt).toMatchObject({ ok: true, status: 200 })
      const refused = await post(
        `${sandbox.url}/__sandbox/notifications/lose`,
        {
          count: -1,
        }
      )
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(/count/)
    } finally {
      await receiver.close()
    }
  })

  it("retries with exponential backoff until the receiver acknowledges (500, 500, 200)", async () => {
    const receiver = await startReceiver([500, 500])
    try {
      const id = await pay(receiver.url)
      const record = await waitFor(() =>
        sandbox
          .notifications()
          .find((n) => n.transaction_id === id && n.state === "delivered")
      )
      expect(record.attempts.map((a) => a.status)).toEqual([500, 500, 200])
      expect(receiver.received).toHaveLength(3)
      // the same signed notification each time
      for (const post of receiver.received) {
        expect(post.fields).toMatchObject({
          notify_type: "PAYMENT",
          transaction_id: id,
        })
        expect(post.fields.encryption_data).toBe(
          expectedResultSignature(post.fields)
        )
      }
      const gaps = record.attempts
        .slice(1)
        .map((a, i) => Date.parse(a.at) - Date.parse(record.attempts[i].at))
      expect(gaps[0]).toBeGreaterThanOrEqual(20)
      expect(gaps[1]).toBeGreaterThanOrEqual(45)
    } finally {
      await receiver.close()
    }
  })

  it("gives up after the configured attempts, then delivers on demand from the control surface", async () => {
    const receiver = await startReceiver([503, 503, 503, 503])
    try {
      const id = await pay(receiver.url)
      const failed = await waitFor(
        () =>
          sandbox
            .notifications()
            .find((n) => n.transaction_id === id && n.state === "failed"),
        4000
      )
      expect(failed.attempts).toHaveLength(4)
      const redelivered = await post(
        `${sandbox.url}/__sandbox/notifications/${failed.id}/deliver`,
        {}
      )
      expect(redelivered.json()).toMatchObject({
        attempt: { status: 200, ok: true },
        notification: { state: "delivered" },
      })
      expect(receiver.received).toHaveLength(5)
    } finally {
      await receiver.close()
    }
  })

  it("records an unreachable receiver as an error and sends a fresh notification on demand", async () => {
    const receiver = await startReceiver()
    const url = receiver.url
    await receiver.close()
    const id = await pay(url)
    const record = await waitFor(() =>
      sandbox
        .notifications()
        .find((n) => n.transaction_id === id && n.attempts.length > 0)
    )
    expect(record.attempts[0]).toMatchObject({ ok: false })
    expect(record.attempts[0].error).toBeTruthy()
    const listed = (await (
      await fetch(`${sandbox.url}/__sandbox/notifications?transaction_id=${id}`)
    ).json()) as { notifications: unknown[] }
    expect(listed.notifications.length).toBe(1)
    const fresh = await post(
      `${sandbox.url}/__sandbox/transactions/${id}/notify`,
      { notify_type: "CAPTURE" }
    )
    expect(fresh.status).toBe(201)
    expect(fresh.json().notification).toMatchObject({
      notify_type: "CAPTURE",
      transaction_id: id,
    })
    const refused = await post(
      `${sandbox.url}/__sandbox/transactions/${id}/notify`,
      { notify_type: "BOGUS" }
    )
    expect(refused.status).toBe(400)
  })

  it("validates the retry policy", () => {
    expect(resolveNotificationPolicy({ attempts: 3 })).toEqual({
      attempts: 3,
      base_delay_ms: 1000,
      timeout_ms: 5000,
    })
    expect(() => resolveNotificationPolicy({ attempts: 0 })).toThrow(/attempts/)
    expect(
      () =>
        new Notifier(
          resolveNotificationPolicy({ base_delay_ms: -1 }),
          () => new Date()
        )
    ).toThrow(/base_delay_ms/)
  })
})
