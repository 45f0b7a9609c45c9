import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { expectStatus } from "../../dev/store-client/http-client"
import { formsOf, submitForm } from "../../dev/store-client/browser"
import {
  type AcquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import {
  adminPayment,
  cartWithSession,
  openHostedPage,
  placeDirectOrder,
  submitCard,
} from "../helpers/checkout"
import { eventually } from "../helpers/polling"
import { sandboxAccountBody } from "../helpers/sandbox-account"
import { notificationsProcessed } from "../helpers/settlement"
import { CARDS } from "../helpers/test-cards"
import { loadedPluginModule } from "../setup/plugin-snapshot"
import { JPY_REGION } from "../../dev/local-stack/seed-store"
import { keepAttemptOutcomes } from "../../src/modules/acquiring/attempt-outcome-sql"

const day = (date: Date) => date.toISOString().slice(0, 10)

/** The figures of GET /admin/acquiring/payments-overview, summed over the days of the answer per currency. */
function totals(answer: any, currency: string) {
  const days = answer.days.filter((d: any) => d.currency === currency)
  const sum = (pick: (d: any) => number) =>
    days.reduce((total: number, d: any) => total + pick(d), 0)
  return {
    attempts: sum((d) => d.attempts),
    approved: sum((d) => d.approved),
    declined: sum((d) => d.declined),
    waiting: sum((d) => d.waiting),
    three_d_secure: {
      asked: sum((d) => d.three_d_secure.asked),
      passed: sum((d) => d.three_d_secure.passed),
      failed: sum((d) => d.three_d_secure.failed),
      abandoned: sum((d) => d.three_d_secure.abandoned),
    },
    hosted_page: {
      opened: sum((d) => d.hosted_page.opened),
      paid: sum((d) => d.hosted_page.paid),
      abandoned: sum((d) => d.hosted_page.abandoned),
    },
  }
}

/** The alerts' run in the plugin copy the booted app loaded, so it shares the module's state. */
function runPaymentAlerts(
  container: MedusaContainer,
  now: Date
): Promise<string[]> {
  return loadedPluginModule<
    typeof import("../../src/payments-overview/alerts")
  >("payments-overview/alerts").runPaymentAlerts(container, now)
}

/** The payments overview: figures of a period from the attempts, the journal and the chargebacks. */
export function paymentsOverviewCases(suite: AcquiringSuite): void {
  const { sandbox, openShop, backendUrl, container } = suite

  // yesterday to today: a test that runs over midnight (UTC) still sees all it did
  const period = () => {
    const today = new Date()
    const yesterday = new Date(today.getTime() - 86_400_000)
    return `from=${day(yesterday)}&to=${day(today)}`
  }
  const overview = async (shop: Shop, query = "") =>
    expectStatus(
      await shop.admin.get(
        `/admin/acquiring/payments-overview?${period()}${query}`
      ),
      200,
      "payments overview"
    )

  /** A 3-D Secure challenge the shopper fails at the issuer. */
  async function failedChallenge(shop: Shop) {
    const { session } = await cartWithSession(shop, CARD_PROVIDER)
    const { payment_session } = expectStatus(
      await submitCard(shop, session.id, CARDS.challenge),
      200,
      "submit 3-D Secure card"
    )
    const form = payment_session.data.three_ds.form
    const challenge = await submitForm({
      action: form.action,
      method: "post",
      inputs: form.inputs,
    })
    const page = challenge.visits.at(-1)!
    await submitForm(
      formsOf(page.text, page.url).find((f) => f.inputs.outcome === "fail")!
    )
  }

  it("counts a mix of payments exactly: approvals, declines by reason, 3-D Secure, an abandoned hosted page, money moved and a chargeback, per currency", async () => {
    const shop = await openShop()
    // approved, captured (15.00), 5.00 refunded, then disputed
    const captured = await placeDirectOrder(shop)
    const payment = await adminPayment(shop, captured.order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 5,
      }),
      200,
      "refund"
    )
    // approved, left authorised
    await placeDirectOrder(shop)
    // one session declined by the issuer, then by risk screening
    const { session } = await cartWithSession(shop, CARD_PROVIDER)
    expectStatus(
      await submitCard(shop, session.id, CARDS.declined),
      402,
      "declined card"
    )
    expectStatus(
      await submitCard(shop, session.id, CARDS.riskRejected),
      402,
      "risk-rejected card"
    )
    await failedChallenge(shop)
    // a hosted page opened and left: abandoned once it is over an hour old
    const hosted = await openHostedPage(shop, backendUrl())
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const ageHostedPage = () =>
      pg.raw(
        `update acquiring_attempt_outcome set started_at = started_at - interval '2 hours' where session_id = ?`,
        [hosted.session.id]
      )
    await ageHostedPage()
    // another currency, approved, in a shop (sales channel) of its own: the overview is the store's
    await placeDirectOrder(await openShop([JPY_REGION]), { currency: "jpy" })
    await notificationsProcessed(suite)
    const opened = await sandbox.openChargeback(
      String(payment.data.transaction_id),
      { amount: "5.00", reason: "4837:No cardholder authorisation" }
    )
    expect(opened.chargeback_reference).toEqual(expect.any(String))
    await notificationsProcessed(suite)

    // the three orders' payments: an order took each approval (order.placed, on the worker)
    const ordered = await eventually(
      "the three orders' approvals marked ordered",
      async () => {
        const rows = await pg.raw(
          `select count(*)::int as n from acquiring_attempt_outcome where ordered_at is not null`
        )
        return rows.rows[0].n === 3 ? true : undefined
      }
    )
    expect(ordered).toBe(true)
    // the lag recomputed from Medusa's own payment records, not the plugin's order time
    const lags: { day: string; lag: string }[] = (
      await pg.raw(
        `select to_char(o.started_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           round(greatest(0, extract(epoch from p.created_at - o.approved_at))::numeric, 1)::text as lag
         from acquiring_attempt_outcome o join payment p on p.payment_session_id = o.session_id
         where o.approved_at is not null order by 1`
      )
    ).rows
    expect(lags).toHaveLength(3)
    const lagDays = [...new Set(lags.map((l) => l.day))].map((lagDay) => {
      const sorted = lags
        .filter((l) => l.day === lagDay)
        .map((l) => l.lag)
        .sort((a, b) => Number(a) - Number(b))
      // percentile_disc: the first value whose share of the day reaches the fraction
      const at = (fraction: number) =>
        sorted[Math.ceil(fraction * sorted.length) - 1]
      return {
        day: lagDay,
        orders: sorted.length,
        median_seconds: at(0.5),
        p95_seconds: at(0.95),
        max_seconds: sorted.at(-1),
      }
    })

    const answer = await overview(shop)
    expect(answer.order_lag).toEqual(lagDays)
    // the local stack asks 3-D Secure on every card payment: the five card attempts in USD
    expect(totals(answer, "USD")).toEqual({
      attempts: 6,
      approved: 2,
      declined: 3,
      waiting: 0,
      three_d_secure: { asked: 5, passed: 2, failed: 1, abandoned: 0 },
      hosted_page: { opened: 1, paid: 0, abandoned: 1 },
    })
    expect(totals(answer, "JPY")).toMatchObject({
      attempts: 1,
      approved: 1,
      declined: 0,
    })
    expect(
      answer.declines.map((d: any) => [d.currency, d.code, d.meaning, d.count])
    ).toEqual(
      expect.arrayContaining([
        ["USD", "E0008", "declined by issuer", 1],
        ["USD", "E0009", "rejected by risk screening", 1],
        ["USD", "E0010", "3-D Secure authentication failed", 1],
      ])
    )
    expect(answer.declines).toHaveLength(3)
    expect(answer.methods).toEqual([
      { method: "CARD", attempts: 6, approved: 3 },
      { method: "", attempts: 1, approved: 0 },
    ])
    expect(
      answer.money.map((m: any) => [m.currency, m.captured, m.refunded])
    ).toEqual([
      ["USD", { count: 1, amount: "15.00" }, { count: 1, amount: "5.00" }],
    ])
    const month = day(new Date()).slice(0, 7)
    expect(answer.chargebacks).toEqual([
      {
        month,
        opened: 1,
        won: 0,
        lost: 0,
        captured_payments: 1,
        ratio_percent: "100.00",
        at_or_over_threshold: true,
      },
    ])
    expect(answer.chargeback_threshold_percent).toBe("0.9")
    expect(answer.unsettled).toEqual({ count: 0, oldest_started_at: null })
    expect(answer.recorded_since).toEqual(expect.any(String))

    // the upgrade's migration, which reads the payments kept before the table, finds the same;
    // when they were approved and ordered it cannot know, and says so with no lag figures
    await pg.raw(`delete from acquiring_attempt_outcome`)
    await pg.raw(
      keepAttemptOutcomes(
        `(select "id", "data" from "acquiring_session_state" where "deleted_at" is null)`,
        { approvedNow: false }
      )
    )
    await ageHostedPage()
    expect(await overview(shop)).toEqual({ ...answer, order_lag: [] })

    // each chart's numbers as CSV, as finance opens them
    const csv = async (figure: string) => {
      const answer = await shop.admin.get(
        `/admin/acquiring/payments-overview/export?${period()}&figure=${figure}`
      )
      expect(answer.status).toBe(200)
      expect(answer.headers.get("content-type")).toMatch(/^text\/csv/)
      return answer.text
    }
    expect((await csv("money")).split("\n")).toEqual([
      "day,currency,captured_count,captured_amount,refunded_count,refunded_amount",
      `${answer.money[0].day},USD,1,15.00,1,5.00`,
      "",
    ])
    expect(
      (await csv("declines")).split("\n").slice(1).filter(Boolean).sort()
    ).toEqual([
      "USD,E0008,declined by issuer,1",
      "USD,E0009,rejected by risk screening,1",
      "USD,E0010,3-D Secure authentication failed,1",
    ])
    expect((await csv("chargebacks")).split("\n")[1]).toBe(
      `${month},1,0,0,1,100.00,0.9`
    )
    expect((await csv("order_lag")).split("\n")[0]).toBe(
      "day,orders,median_seconds,p95_seconds,max_seconds"
    )

    // medusa-config's own payments are all of them here; an account that made none has no figures
    const config = await overview(shop, "&account=config")
    expect(config.days).toEqual(answer.days)
    const other = await overview(shop, "&account=acqacc_none")
    expect(other).toMatchObject({
      days: [],
      declines: [],
      methods: [],
      money: [],
      chargebacks: [],
    })
  })

  it("judges the chargeback ratio against the threshold each account sets, the lowest for every account together", async () => {
    const shop = await openShop()
    const created = expectStatus(
      await shop.admin.post(
        "/admin/acquiring/settings/accounts",
        sandboxAccountBody(sandbox, backendUrl, {
          name: "Strict acquirer",
          enabled: false,
          advanced: { chargeback_threshold_percent: "0.65" },
        })
      ),
      200,
      "account with its own threshold"
    )
    const id = created.account.id
    const threshold = async (query: string) =>
      (await overview(shop, query)).chargeback_threshold_percent
    expect(await threshold(`&account=${id}`)).toBe("0.65")
    expect(await threshold("&account=config")).toBe("0.9")
    expect(await threshold("")).toBe("0.65")
    const refused = await shop.admin.post(
      `/admin/acquiring/settings/accounts/${id}`,
      { advanced: { chargeback_threshold_percent: "0" } }
    )
    expect(refused.status).toBe(400)
    expect(refused.data.message).toContain(
      "advanced.chargeback_threshold_percent"
    )
  })

  it("raises each alert once per cause and hour in the feed: approvals falling, a decline code surging, notifications missing, an outcome left unknown", async () => {
    await openShop()
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const now = new Date()
    const hourStart = new Date(
      Math.floor(now.getTime() / 3_600_000) * 3_600_000
    )
    const lastHour = new Date(hourStart.getTime() - 3_600_000)
    // attempts: `count` in `state` (with `code`), begun `minutes` after `from`
    const attempts = (
      prefix: string,
      count: number,
      from: Date,
      spreadMinutes: number,
      state: string,
      code: string | null = null
    ) =>
      pg.raw(
        `insert into acquiring_attempt_outcome (id, session_id, kind, state, currency, amount, payment_method, started_at, result_code)
         select ? || g, 'payses_alert' || g, 'authorise', ?, 'USD', '15.00', 'CARD',
           ?::timestamptz + (g % ?) * interval '1 minute', ?
         from generate_series(1, ?) g`,
        [prefix, state, from, spreadMinutes, code, count]
      )
    // the week before the hour: 180 approved, 20 declined by the issuer (90 %)
    const weekAgo = new Date(lastHour.getTime() - 7 * 86_400_000)
    await attempts("WEEKOK", 180, weekAgo, 7 * 24 * 60 - 1, "captured")
    await attempts("WEEKNO", 20, weekAgo, 7 * 24 * 60 - 1, "declined", "E0008")
    // the hour: 20 approved, 15 declined by the issuer (57.1 %), and 15 E0008 against 20 in a week
    await attempts("HOUROK", 20, lastHour, 59, "authorized")
    await attempts("HOURNO", 15, lastHour, 59, "declined", "E0008")
    // the hour's payments settled by the reconcile job's status query, and no notification verified
    await pg.raw(
      `insert into acquiring_payment_event (id, kind, outcome, summary, created_at)
       select 'acqev_alert' || g, 'job', 'reconciled', 'settled by the status query', ?::timestamptz + g * interval '10 minutes'
       from generate_series(1, 3) g`,
      [lastHour]
    )
    // one answer lost two hours ago and never confirmed
    await attempts(
      "LOST",
      1,
      new Date(now.getTime() - 2 * 3_600_000),
      1,
      "unknown"
    )

    const feed = async () =>
      (
        await container()
          .resolve(Modules.NOTIFICATION)
          .listNotifications({ channel: "feed" }, { take: 1000 })
      ).map((n: any) => n.data as { title: string; description: string })

    expect((await runPaymentAlerts(container(), now)).sort()).toEqual([
      "approval_rate_low",
      "decline_surge:E0008",
      "notifications_missing",
      "unsettled",
    ])
    const told = await feed()
    expect(told.map((n) => n.title).sort()).toEqual([
      "Card approvals fell",
      "Declines surging: declined by issuer",
      "Notifications from the acquirer are not arriving",
      "Payments waiting on an unknown outcome",
    ])
    expect(
      told.find((n) => n.title.startsWith("Notifications"))!.description
    ).toMatch(
      /^No notification was verified in the last hour, while 3 payments were settled by the reconcile job's status query instead and 0 notifications were refused\./
    )
    expect(
      told.find((n) => n.title === "Card approvals fell")!.description
    ).toMatch(
      /^57\.1 % of the last hour's 35 payments were approved, against 90\.0 % over the week before\./
    )
    // the same hour again (another instance, the job run twice): nothing more
    expect(await runPaymentAlerts(container(), now)).toEqual([])
    expect(await feed()).toHaveLength(4)
    // the next hour reads its own hour: only what still holds is told again
    const nextHour = new Date(now.getTime() + 3_600_000)
    expect(await runPaymentAlerts(container(), nextHour)).toEqual(["unsettled"])
    expect(await feed()).toHaveLength(5)
  })

  it("refuses a period it cannot read, naming the field", async () => {
    const shop = await openShop()
    const refused = async (query: string, field: string) => {
      const answer = await shop.admin.get(
        `/admin/acquiring/payments-overview?${query}`
      )
      expect(answer.status).toBe(400)
      expect(answer.text).toContain(field)
    }
    await refused("to=2026-11-30", "from")
    await refused("from=2026-11-30&to=2026-11-29", "to")
    await refused("from=2025-01-01&to=2026-11-30", "to")
    await refused("from=2026-02-30&to=2026-03-01", "from")
    await refused("from=2026-11-01&to=2026-11-30&account=x", "account")
    const wrongFigure = await shop.admin.get(
      "/admin/acquiring/payments-overview/export?from=2026-11-01&to=2026-11-30&figure=cards"
    )
    expect(wrongFigure.status).toBe(400)
    expect(wrongFigure.text).toContain("figure")
  })
}
