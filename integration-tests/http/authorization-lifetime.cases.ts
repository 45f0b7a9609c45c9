import { Modules } from "@medusajs/framework/utils"
import { type AcquiringSuite } from "../helpers/acquiring-suite"
import {
  adminPayment,
  placeDirectOrder,
  acquiringPaymentDetail,
} from "../helpers/checkout"
import { expectStatus } from "../../dev/store-client/http-client"
import { runAuthorizationLapsing } from "../../src/jobs/authorizations-lapsing"

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Authorisations that lapse (wire contract: 7 days, a DECISION): the admin
 * sees when, the feed is told once a day before, the acquirer's 1100
 * cancels the payment in Medusa, and a capture afterwards is refused with
 * words a merchant can act on. The sandbox's control surface ages the
 * transaction instead of waiting a week.
 */
export function authorizationLifetimeCases({
  sandbox,
  openShop,
  container,
}: AcquiringSuite) {
  const detail = acquiringPaymentDetail

  /** The lapse notices of one order in the admin's feed. */
  async function lapseNotices(displayId: number) {
    const feed = await container()
      .resolve(Modules.NOTIFICATION)
      .listNotifications({ channel: "feed" })
    return feed.filter(
      (n) =>
        n.data?.title === "Authorisation lapses within a day" &&
        String(n.data?.description).startsWith(`Order #${displayId}:`)
    )
  }

  /**
   * What the sandbox answered to each capture of one transaction (matched by
   * order number: the request log masks the transaction id's digit run).
   */
  async function capturesOf(transactionId: string): Promise<string[]> {
    const { order_no } = await sandbox.transaction(transactionId)
    return (await sandbox.requests("capture"))
      .filter((r) =>
        (r.body.capture_orders ?? []).some(
          (e: { order_no?: string }) => e.order_no === order_no
        )
      )
      .map((r) => r.summary)
  }

  it("shows when the authorisation lapses, tells the feed once, cancels it once lapsed, and refuses its capture", async () => {
    const shop = await openShop()
    const { order, paid } = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, order.id)
    const tx = paid.data.transaction_id as string
    const amount = paid.data.amount as string

    const fresh = await detail(shop, payment.id)
    expect(fresh).toMatchObject({
      status: "authorized",
      authorisation_lifetime_days: 7,
      lapsed_at: null,
    })
    const untilLapse = Date.parse(fresh.lapses_at) - Date.now()
    expect(untilLapse).toBeGreaterThan(7 * DAY_MS - 5 * 60_000)
    expect(untilLapse).toBeLessThanOrEqual(7 * DAY_MS)

    // six days later at the acquirer; the admin's sync reads its transaction date
    expect((await sandbox.age(tx, 6)).payment_status).toBe("2000")
    expectStatus(
      await shop.admin.post(`/admin/acquiring/payments/${payment.id}/sync`, {}),
      200,
      "sync"
    )
    const soon = await detail(shop, payment.id)
    const left = Date.parse(soon.lapses_at) - Date.now()
    expect(left).toBeGreaterThan(0)
    expect(left).toBeLessThanOrEqual(DAY_MS)

    const first = await runAuthorizationLapsing(container())
    expect(first.noticed).toEqual([payment.id])
    const notices = await lapseNotices(order.display_id)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ to: "", channel: "feed" })
    expect(notices[0].data?.description).toMatch(
      new RegExp(
        `^Order #${order.display_id}: the authorisation of ${amount.replace(".", "\\.")} USD lapses on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC \\(7 days after it was given\\)\\.`
      )
    )
    const second = await runAuthorizationLapsing(container())
    expect(second.noticed).toEqual([])
    expect(await lapseNotices(order.display_id)).toHaveLength(1)

    // past seven days: the acquirer has released the money
    const lapsed = await sandbox.age(tx, 2)
    expect(lapsed.payment_status).toBe("1100")
    const lapseDate = String(lapsed.lapsed.at).slice(0, 10)
    const message = `The authorisation lapsed on ${lapseDate} (after 7 days): the acquirer has released the money; ask the customer to pay again`

    // a capture before the job notices: the acquirer's E0005, read with the status query
    const early = await shop.admin.post(
      `/admin/payments/${payment.id}/capture`,
      {}
    )
    expect(early.status).toBe(400)
    expect(early.data.message).toBe(message)

    const third = await runAuthorizationLapsing(container())
    expect(third.cancelled).toEqual([payment.id])
    const canceled = await adminPayment(shop, order.id)
    expect(canceled.canceled_at).toBeTruthy()
    expect(canceled.captured_at).toBeFalsy()
    expect(await detail(shop, payment.id)).toMatchObject({
      status: "canceled",
      lapses_at: null,
      lapsed_at: expect.stringMatching(new RegExp(`^${lapseDate}T`)),
    })
    expect(await lapseNotices(order.display_id)).toHaveLength(1)

    // once cancelled, the capture route's guard refuses it in the lapse's words
    const late = await shop.admin.post(
      `/admin/payments/${payment.id}/capture`,
      {}
    )
    expect(late.status).toBe(400)
    expect(late.data.message).toBe(message)

    // the acquirer never captured: its one capture request was refused
    const captures = await capturesOf(tx)
    expect(captures).toEqual(["return_status=1 0/1 done refused E0005"])
    expect(await sandbox.transaction(tx)).toMatchObject({
      state: "voided",
      payment_status: "1100",
    })
    expect((await sandbox.transaction(tx)).captured_amount).toBeUndefined()
  })

  it("never moves a captured payment backwards", async () => {
    const shop = await openShop()
    const { order, paid } = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    await sandbox.age(paid.data.transaction_id, 10)
    const outcome = await runAuthorizationLapsing(container())
    expect(outcome.cancelled).not.toContain(payment.id)
    expect(outcome.noticed).not.toContain(payment.id)
    const after = await adminPayment(shop, order.id)
    expect(after.captured_at).toBeTruthy()
    expect(after.canceled_at).toBeFalsy()
    expect((await detail(shop, payment.id)).lapses_at).toBeNull()
    expect(
      (await sandbox.transaction(paid.data.transaction_id)).payment_status
    ).toBe("3000")
  })
}
