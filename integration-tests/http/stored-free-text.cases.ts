/*
 * Nothing card-like kept by accident: a card number in a session's body
 * (device data) is refused; one in the browser's User-Agent, the name on
 * the cart's address or the acquirer's texts (a decline, a chargeback
 * reason) reaches the plugin's tables as first 6 / last 4, never whole;
 * numbers that are not card-like are kept as typed. The suite's after-each
 * scans then search the whole database and the logs for any card number.
 */
import { Client } from "pg"
import {
  type AcquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { findCardData, findCardNumbers } from "../helpers/card-data-scan"
import {
  adminPayment,
  cartWithSession,
  expectOrder,
  submitCard,
} from "../helpers/checkout"
import { notificationsProcessed } from "../helpers/settlement"
import { maskStoredTexts } from "../../src/modules/acquiring/mask-stored-texts"
import { CARDS, DECLINE_TEXT_WITH_CARD } from "../helpers/test-cards"
import {
  expectStatus,
  type HttpAnswer,
} from "../../dev/store-client/http-client"
import {
  openPaymentSession,
  SHOPPER_DEVICE,
} from "../../dev/store-client/storefront"

/** A test card no other value of these tests holds, typed only into the cart's address. */
const ADDRESS_CARD = "4111111111111111"

/** The card number the acquirer writes in its texts below, and how the plugin keeps it. */
const ACQUIRER_CARD = "371449635398431"
const ACQUIRER_CARD_MASKED = "371449*****8431"

export function storedFreeTextCases(suite: AcquiringSuite): void {
  const {
    openShop,
    databaseUrl,
    keptByMedusa,
    loggedByMedusa,
    sandbox,
    container,
  } = suite
  /** Every row of the plugin's session-state table, as text. */
  async function storedStates(): Promise<string[]> {
    const client = new Client({ connectionString: databaseUrl() })
    await client.connect()
    try {
      const { rows } = await client.query<{ data: string }>(
        `select data::text as data from acquiring_session_state where deleted_at is null`
      )
      return rows.map((row) => row.data)
    } finally {
      await client.end()
    }
  }

  /** A card session on the cart; anything but a 200 fails the test. */
  async function openSession(
    shop: Shop,
    cartId: string,
    data: Record<string, unknown>,
    headers: Record<string, string> = {}
  ): Promise<{ session: any; answer: HttpAnswer }> {
    const opened = await openPaymentSession(
      shop.store,
      cartId,
      CARD_PROVIDER,
      data,
      headers
    )
    expectStatus(opened.answer, 200, "create payment session")
    return opened
  }

  it("a card number typed into device.os and device.browser is refused naming the fields; in the User-Agent it is stored masked, and nowhere whole", async () => {
    const shop = await openShop()
    const cart = await shop.readyCart()
    // the session's body is refused before Medusa or the plugin keeps anything of it
    const refused = await openPaymentSession(
      shop.store,
      cart.id,
      CARD_PROVIDER,
      {
        device: {
          ...SHOPPER_DEVICE,
          os: `Android ${CARDS.approved} build`,
          browser: "4242 4242 4242 4242",
        },
      }
    )
    expect(refused.answer.status).toBe(400)
    expect(refused.answer.data.message).toContain("data.device.os: ")
    expect(refused.answer.data.message).toContain("data.device.browser: ")
    expect(refused.answer.text.replace(/[ -]/g, "")).not.toContain(
      CARDS.approved
    )
    // a header is the browser's, not a body field: masked where it is kept
    const { session, answer } = await openSession(
      shop,
      cart.id,
      { device: SHOPPER_DEVICE },
      { "user-agent": "Mozilla/5.0 (Linux; 4242-4242-4242-4242) Test/1.0" }
    )
    expect(answer.text).not.toContain(CARDS.approved)

    const stored = await shop.stored(session.id)
    expect(stored.device).toMatchObject({
      time_zone: "+00:00",
      resolution: "1920x1080",
    })
    expect(stored.client.user_agent).toBe(
      "Mozilla/5.0 (Linux; 424242******4242) Test/1.0"
    )
    // what is not card-like is kept exactly: the cart's postcode and phone
    expect(stored.cart.shipping_address).toMatchObject({
      postal_code: "12345",
      phone: "5550100",
    })

    for (const row of await storedStates())
      expect(row.replace(/[ -]/g, "")).not.toContain(CARDS.approved)
    // the whole database, as the after-each scan does
    expect(
      await findCardData(databaseUrl(), {
        cardNumbers: [
          CARDS.approved,
          "4242 4242 4242 4242",
          "4242-4242-4242-4242",
        ],
        securityCodes: [],
      })
    ).toEqual([])
  })

  it("a card number in the name on the cart's billing address is masked in the plugin's cart snapshot", async () => {
    const shop = await openShop()
    const cart = await shop.readyCart()
    expectStatus(
      await shop.store.post(`/store/carts/${cart.id}`, {
        // the billing address: changing it leaves the cart's shipping method standing
        billing_address: {
          first_name: "Ada 4111 1111 1111 1111",
          last_name: "Shopper",
          address_1: "12 Harbour Street",
          city: "Springfield",
          postal_code: "12345",
          country_code: shop.seeded.regions.usd.country,
          phone: "+44 20 7946 0958",
        },
      }),
      200,
      "update the cart's address"
    )
    const { session } = await openSession(shop, cart.id, {
      device: SHOPPER_DEVICE,
    })

    const stored = await shop.stored(session.id)
    expect(stored.cart.billing_address).toMatchObject({
      first_name: "Ada 411111******1111",
      phone: "+44 20 7946 0958",
    })
    // Medusa's own cart_address keeps what the shopper typed; the plugin's table never does
    keptByMedusa({
      table: "cart_address",
      column: "first_name",
      run: "4111 1111 1111 1111",
    })
    for (const row of await storedStates())
      expect(row.replace(/[ -]/g, "")).not.toContain(ADDRESS_CARD)
    expect(
      (
        await findCardData(databaseUrl(), {
          cardNumbers: [ADDRESS_CARD, "4111 1111 1111 1111"],
          securityCodes: [],
        })
      ).filter((hit) => hit.table === "acquiring_session_state")
    ).toEqual([])
  })

  it("a card number in the acquirer's texts (a decline's result text, a chargeback reason) is stored, shown, written into Medusa and exported masked", async () => {
    expect(DECLINE_TEXT_WITH_CARD).toContain(ACQUIRER_CARD)
    const shop = await openShop()
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)

    // the issuer's decline names a card: the shopper's answer, the session and the journal keep it masked
    const declined = await submitCard(
      shop,
      session.id,
      CARDS.declinedNamingACard
    )
    expect(declined.status).toBe(402)
    expect(declined.text).not.toContain(ACQUIRER_CARD)
    expect(declined.data.message).toContain(ACQUIRER_CARD_MASKED)
    const state = await shop.stored(session.id)
    expect(state.result).toEqual({
      code: "E0008",
      text: DECLINE_TEXT_WITH_CARD.replace(ACQUIRER_CARD, ACQUIRER_CARD_MASKED),
    })
    const acquiring = container().resolve("acquiring") as any
    const [attempt] = await acquiring.listAcquiringOperations({
      order_no: state.attempts[0].order_no,
    })
    expect(attempt.result_text).toBe(state.result.text)

    // then paid, captured, disputed with a reason naming a card, and lost
    expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "second card"
    )
    const order = await expectOrder(shop, cart.id)
    const payment = await adminPayment(shop, order.id)
    expectStatus(
      await shop.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    await notificationsProcessed(suite)
    const transactionId = String(
      expectStatus(
        await shop.admin.get(`/admin/acquiring/payments/${payment.id}`),
        200,
        "payment detail"
      ).payment.transaction_id
    )
    const reason = `4837:card ${ACQUIRER_CARD}`
    const opened = await sandbox.openChargeback(transactionId, {
      amount: "4.50",
      reason,
    })
    expect(opened.chargeback_reason).toBe(reason)
    await notificationsProcessed(suite)
    await sandbox.decideChargeback(opened.chargeback_reference, "lose")
    await notificationsProcessed(suite)

    const masked = `card ${ACQUIRER_CARD_MASKED}`
    // stored
    const [row] = await acquiring.listAcquiringChargebacks({
      reference: opened.chargeback_reference,
    })
    expect(row).toMatchObject({
      status: "LOST",
      reason_code: "4837",
      reason_text: masked,
    })
    // written into Medusa: the lost chargeback's refund note, the admin's feed
    const refund = ((await adminPayment(shop, order.id)).refunds ?? []).find(
      (r: any) => Number(r.amount) === 4.5
    )
    expect(refund.note).toBe(
      `Chargeback ${opened.chargeback_reference} lost (reason 4837 ${masked}): returned to the card holder by their bank`
    )
    const feed = (
      await container()
        .resolve(Modules.NOTIFICATION)
        .listNotifications({ channel: "feed" }, { take: 1000 })
    )
      .map((n: any) => JSON.stringify(n.data))
      .filter((text: string) => text.includes(opened.chargeback_reference))
    expect(feed.length).toBeGreaterThan(0)
    for (const text of feed) expect(text).not.toContain(ACQUIRER_CARD)
    expect(feed.some((text: string) => text.includes(masked))).toBe(true)
    // shown: the chargebacks list, the payment's chargebacks and history
    const list = expectStatus(
      await shop.admin.get(
        `/admin/acquiring/chargebacks?q=${opened.chargeback_reference}`
      ),
      200,
      "chargebacks list"
    )
    expect(list.chargebacks[0].reason_text).toBe(masked)
    const history = expectStatus(
      await shop.admin.get(`/admin/acquiring/payments/${payment.id}/history`),
      200,
      "history"
    )
    expect(JSON.stringify(history)).not.toContain(ACQUIRER_CARD)
    expect(
      history.entries.some(
        (e: any) => e.source === "chargeback" && e.summary.includes(masked)
      )
    ).toBe(true)
    // exported
    const csv = await shop.admin.get(
      `/admin/acquiring/chargebacks/export?q=${opened.chargeback_reference}`
    )
    expect(csv.status).toBe(200)
    expect(csv.text).not.toContain(ACQUIRER_CARD)
    expect(csv.text).toContain(`,4837,${masked},`)

    // nowhere whole: the whole database and the log, by the suite's own scans
    expect(await findCardNumbers(databaseUrl())).toEqual([])
  })

  it("what was stored before the gateway masked the acquirer's texts is masked by the migration, identifiers beside it kept", async () => {
    const pg = container().resolve(ContainerRegistrationKeys.PG_CONNECTION) as {
      raw(sql: string, params?: unknown[]): Promise<{ rows: any[] }>
    }
    const execute = (sql: string, params: unknown[] = []) =>
      pg.raw(sql, params as never[]).then((result) => result.rows)
    const reference = "CB-BEFORE-MASK"
    // a transaction id whose digits pass Luhn (the sandbox's shape): an identifier, never masked
    const transactionId = "SBX2026112812000000006"
    await execute(
      `insert into "acquiring_chargeback" ("id", "reference", "provider_id", "order_no", "transaction_id", "currency", "amount", "reason_code", "reason_text", "status") values ('acqcb_before', ?, ?, 'MEDbefore', ?, 'USD', '1.00', '4837', ?, 'LOST')`,
      [reference, CARD_PROVIDER, transactionId, `card ${ACQUIRER_CARD}`]
    )
    await execute(
      `insert into "acquiring_session_state" ("id", "data") values ('payses_before', ?::jsonb)`,
      [
        JSON.stringify({
          transaction_id: transactionId,
          result: { code: "E0008", text: `Declined: ${ACQUIRER_CARD}` },
          risk: { reasons: [{ name: `bin ${ACQUIRER_CARD}`, status: "x" }] },
        }),
      ]
    )
    // Medusa's notification module logs what it is given: this planted notice, as before the update
    loggedByMedusa(/Attempting to send a notification .*CB-BEFORE-MASK/)
    await container()
      .resolve(Modules.NOTIFICATION)
      .createNotifications({
        to: "",
        channel: "feed",
        template: "admin-ui",
        data: {
          title: "Chargeback opened",
          description: `reason 4837 card ${ACQUIRER_CARD}, chargeback ${reference}`,
        },
      })
    // the scan sees them, as it would any card number
    expect(
      (await findCardNumbers(databaseUrl())).map((hit) => hit.table).sort()
    ).toEqual([
      "acquiring_chargeback",
      "acquiring_session_state",
      "acquiring_session_state",
      "notification",
    ])

    expect(await maskStoredTexts(execute)).toEqual({
      acquiring_chargeback: 1,
      acquiring_session_state: 1,
      notification: 1,
    })
    const [chargeback] = await execute(
      `select "reason_text", "transaction_id" from "acquiring_chargeback" where "id" = 'acqcb_before'`
    )
    expect(chargeback).toEqual({
      reason_text: `card ${ACQUIRER_CARD_MASKED}`,
      transaction_id: transactionId,
    })
    const [state] = await execute(
      `select "data" from "acquiring_session_state" where "id" = 'payses_before'`
    )
    expect(state.data).toEqual({
      transaction_id: transactionId,
      result: { code: "E0008", text: `Declined: ${ACQUIRER_CARD_MASKED}` },
      risk: { reasons: [{ name: `bin ${ACQUIRER_CARD_MASKED}`, status: "x" }] },
    })
    expect(await findCardNumbers(databaseUrl())).toEqual([])
    // run again, nothing left to change
    expect(await maskStoredTexts(execute)).toEqual({})
  })
}
