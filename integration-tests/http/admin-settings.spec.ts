import { Client } from "pg"
import { sandboxAccountBody } from "../helpers/sandbox-account"
import { acquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { Modules } from "@medusajs/framework/utils"
import { CHECK_EVERY_MS } from "../../src/accounts/account-source"
import { computeSignature } from "../../src/sandbox/signer"
import {
  adminOrder,
  cartWithSession,
  expectOrder,
  submitCard,
} from "../helpers/checkout"
import { SECOND_SANDBOX_ACCOUNT } from "../helpers/sandbox"
import { eventually, pollAgain } from "../helpers/polling"
import { expectStatus, httpClient } from "../../dev/store-client/http-client"
import { openPaymentSession } from "../../dev/store-client/storefront"
import { CARDS } from "../helpers/test-cards"
import { budget } from "../setup/time-budget"
import { twoMerchantsCases } from "./two-merchants.cases"

jest.setTimeout(budget(120_000))

// Booted with no provider options at all: everything comes from the admin.
process.env.ACQUIRING_TEST_EMPTY_OPTIONS = "1"
const SETTINGS_KEY = Buffer.alloc(32, 7).toString("base64")
process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY

const SETTINGS = "/admin/acquiring/settings"

/** Settings stored by the plugin: admin API, sign key at rest, effect without restart, connection check. */
acquiringSuite((suite) => {
  const { sandbox, openShop, backendUrl, databaseUrl, container, logs } = suite
  const accountBody = (extra: Record<string, unknown> = {}) =>
    sandboxAccountBody(sandbox, backendUrl, {
      currencies: ["USD"],
      ...extra,
    })

  async function sql<T = Record<string, unknown>>(
    text: string,
    values: unknown[] = []
  ): Promise<T[]> {
    const client = new Client({ connectionString: databaseUrl() })
    await client.connect()
    try {
      return (await client.query(text, values)).rows as T[]
    } finally {
      await client.end()
    }
  }

  /** What Medusa makes of a card notification with these fields (as the acquirer posts them). */
  const webhook = async (fields: Record<string, string>) =>
    (
      await container()
        .resolve(Modules.PAYMENT)
        .getWebhookActionAndData({
          provider: "acquiring-card_acquiring",
          payload: {
            data: fields,
            rawData: Buffer.from(new URLSearchParams(fields).toString()),
            headers: {
              "content-type": "application/x-www-form-urlencoded",
            },
          },
        })
    ).action

  /** A notification's fields signed with `key` instead of the acquirer's. */
  const signedWith = (f: Record<string, string>, key: string) => ({
    ...f,
    encryption_data: computeSignature(
      [
        f.merchant_id,
        f.account_id,
        f.transaction_id,
        f.order_no,
        f.currency,
        f.amount,
        f.order_status,
        f.result_info,
      ].map((value) => value ?? ""),
      key
    ),
  })

  async function payByCard(shop: Awaited<ReturnType<typeof openShop>>) {
    const { cart, session } = await cartWithSession(shop, CARD_PROVIDER)
    const paid = expectStatus(
      await submitCard(shop, session.id, CARDS.approved),
      200,
      "submit card"
    )
    expect(paid.payment_session.data.status).toBe("authorized")
    const order = await expectOrder(shop, cart.id)
    return { order, stored: await shop.stored(session.id) }
  }

  it("guards, validates and seals the settings; a merchant goes from empty options to a paid order", async () => {
    const shop = await openShop()
    const anonymous = httpClient(backendUrl)
    expect((await anonymous.get(SETTINGS)).status).toBe(401)
    expect(
      (await anonymous.post(`${SETTINGS}/accounts`, accountBody())).status
    ).toBe(401)

    // nothing configured: the shopper is told only that card payments are
    // unavailable; the operator reads why, and what to do, in the log
    const cart = await shop.readyCart()
    const refused = await openPaymentSession(shop.store, cart.id, CARD_PROVIDER)
    expect(refused.answer.status).toBe(503)
    expect(refused.answer.data).toEqual({
      type: "payment_unavailable",
      message:
        "Card payments are unavailable right now. Please try again later or choose another payment method.",
    })
    expect(
      logs
        .lines()
        .filter((line) =>
          line.includes(
            "card payments are refused until this is fixed: Acquiring is not configured: add an account in Settings → Acquiring"
          )
        )
    ).toHaveLength(1)

    // 400s name the field
    const bad = await shop.admin.post(
      `${SETTINGS}/accounts`,
      accountBody({ base_url: "ftp://gw", currencies: ["XYZ"] })
    )
    expect(bad.status).toBe(400)
    expect(bad.data.message).toContain(
      "base_url: must be an absolute http(s) URL"
    )
    expect(bad.data.message).toContain(
      "currencies[0]: must be an ISO 4217 currency code"
    )
    const unknown = await shop.admin.post(
      `${SETTINGS}/accounts`,
      accountBody({ apiKey: "x" })
    )
    expect(unknown.status).toBe(400)
    expect(unknown.data.message).toContain("unknown field(s) apiKey")
    const badAdvanced = await shop.admin.post(
      `${SETTINGS}/accounts`,
      accountBody({ advanced: { limits: { batch: { capture: -1 } } } })
    )
    expect(badAdvanced.status).toBe(400)
    expect(badAdvanced.data.message).toContain(
      "advanced.limits.batch.capture: must be positive"
    )

    // no encryption key: saving a sign key is refused, naming the variable
    delete process.env.ACQUIRING_SETTINGS_KEY
    try {
      const noKey = await shop.admin.post(`${SETTINGS}/accounts`, accountBody())
      expect(noKey.status).toBe(400)
      expect(noKey.data.type).toBe("invalid_data")
      expect(noKey.data.message).toMatch(
        /^Set ACQUIRING_SETTINGS_KEY \(32 bytes, base64 or hex\)/
      )
      expect(
        expectStatus(await shop.admin.get(SETTINGS), 200, "settings")
          .encryption_ready
      ).toBe(false)
    } finally {
      process.env.ACQUIRING_SETTINGS_KEY = SETTINGS_KEY
    }

    const created = await shop.admin.post(`${SETTINGS}/accounts`, accountBody())
    const { account } = expectStatus(created, 200, "create account")
    expect(account).toMatchObject({
      name: "Sandbox",
      mode: "test",
      currencies: ["usd"],
      providers: [],
      sign_key_set: true,
      enabled: true,
    })
    expect(Date.parse(account.sign_key_updated_at)).toBeGreaterThan(0)
    expect(account).not.toHaveProperty("sign_key")
    expect(account).not.toHaveProperty("sign_key_encrypted")

    // at rest: only ciphertext
    const rows = await sql("SELECT * FROM acquiring_account")
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(sandbox.account.sign_key)
    expect(String(rows[0].sign_key_encrypted)).toMatch(
      /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/
    )

    const settings = expectStatus(
      await shop.admin.get(SETTINGS),
      200,
      "settings"
    )
    expect(settings.encryption_ready).toBe(true)
    const card = settings.providers.find(
      (p: { id: string }) => p.id === CARD_PROVIDER
    )
    expect(card).toMatchObject({
      identifier: "acquiring-card",
      account_id: account.id,
      notify_url: `${backendUrl()}/hooks/payment/acquiring-card_acquiring`,
    })
    expect(card.effective.merchant_id).toEqual({
      value: sandbox.account.merchant_id,
      source: "admin",
    })
    expect(card.effective.sign_key).toEqual({ value: "set", source: "admin" })
    expect(card.effective.order_prefix).toEqual({
      value: "MED",
      source: "default",
    })

    // the next payment goes through, no restart
    const { stored } = await payByCard(shop)
    expect(stored.account).toEqual({ id: account.id, mode: "test" })
    expect(stored.order_no).toMatch(/^MED[0-9a-f]{24}$/)

    // its notification is verified with the key of the account it names (medusa-config has none)
    const notification = await eventually(
      "the sandbox's notification",
      async () => (await sandbox.notifications(stored.transaction_id))[0]
    )
    expect(await webhook(notification.fields)).toBe("authorized")
    expect(
      await webhook({ ...notification.fields, order_no: "MEDforged" })
    ).toBe("not_supported")

    const changes = expectStatus(
      await shop.admin.get(`${SETTINGS}/changes`),
      200,
      "changes"
    )
    expect(changes.count).toBe(1)
    expect(changes.changes[0]).toMatchObject({
      account_id: account.id,
      action: "created",
      actor_email: expect.stringContaining("@"),
    })
    // a new account's entry holds the values it was created with, the sign key only as set
    expect(changes.changes[0].changes).toEqual(
      expect.arrayContaining([
        { field: "name", from: null, to: "Sandbox" },
        { field: "currencies", from: null, to: ["usd"] },
        { field: "sign_key", change: "set" },
      ])
    )
    expect(changes.changes[0].fields).toContain("sign_key")
    const audit = await sql("SELECT * FROM acquiring_settings_change")
    for (const text of [
      JSON.stringify(audit),
      JSON.stringify(settings),
      JSON.stringify(changes),
      created.text,
      ...logs.lines(),
    ]) {
      expect(text).not.toContain(sandbox.account.sign_key)
    }
  })

  it("a change takes effect at once here, one made by another instance within a second, and the next payment uses it", async () => {
    const shop = await openShop()
    const { account } = expectStatus(
      await shop.admin.post(`${SETTINGS}/accounts`, accountBody()),
      200,
      "create account"
    )
    // the connection check reads the account as payments do; its order number shows the prefix in use
    const prefixInUse = async () => {
      expectStatus(
        await shop.admin.post(
          `${SETTINGS}/accounts/${account.id}/test-connection`,
          {}
        ),
        200,
        "test connection"
      )
      const [last] = (await sandbox.requests("retrieval_trans")).slice(-1)
      return String(last.body.orders).replace(/CHECK[0-9a-f]+$/, "")
    }
    expect(await prefixInUse()).toBe("MED") // now cached
    // through this instance's API: the event drops the cache at once
    expectStatus(
      await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
        order_prefix: "ADMIN",
        three_d_secure: null,
      }),
      200,
      "update account"
    )
    expect(await prefixInUse()).toBe("ADMIN")

    // another instance writes the same database; no event reaches this one: the version read finds it
    const changedAt = Date.now()
    await sql(
      `UPDATE acquiring_account SET order_prefix = 'OTHER', updated_at = now() WHERE id = $1`,
      [account.id]
    )
    let seenAfter = -1
    while (seenAfter < 0 && Date.now() - changedAt < budget(15_000)) {
      if ((await prefixInUse()) === "OTHER") seenAfter = Date.now() - changedAt
      else await pollAgain()
    }
    expect(seenAfter).toBeGreaterThan(0)
    // the stated bound (the version is asked at most once a second) plus the probe's own round trips, longer on a slower machine
    expect(seenAfter).toBeLessThan(CHECK_EVERY_MS + budget(2_000))
    console.info(
      `[admin-settings] a change from another instance took effect after ${seenAfter} ms`
    )
    expect((await payByCard(shop)).stored.order_no).toMatch(
      /^OTHER[0-9a-f]{24}$/
    )

    const changes = expectStatus(
      await shop.admin.get(`${SETTINGS}/changes?limit=1`),
      200,
      "changes"
    )
    expect(changes).toMatchObject({ count: 2, limit: 1, offset: 0 })
    // three_d_secure was null already: only the prefix changed
    expect(changes.changes[0]).toMatchObject({
      action: "updated",
      fields: ["order_prefix"],
      changes: [{ field: "order_prefix", from: null, to: "ADMIN" }],
    })
    expect((await shop.admin.get(`${SETTINGS}/changes?limit=0`)).status).toBe(
      400
    )
  })

  it("verifies a notification with the key its payment was made with, after its account is disabled and deleted and another takes its ids", async () => {
    const shop = await openShop()
    const { account } = expectStatus(
      await shop.admin.post(`${SETTINGS}/accounts`, accountBody()),
      200,
      "create account"
    )
    const { stored } = await payByCard(shop)
    expect(stored.account).toEqual({ id: account.id, mode: "test" })
    const notification = await eventually(
      "the sandbox's notification",
      async () => (await sandbox.notifications(stored.transaction_id))[0]
    )
    // another account with the same merchant and account ids and its own key
    const OTHER_KEY = "another-sign-key-of-the-same-ids"
    expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        // another currency: the same scope as the first would be refused as a tie
        accountBody({
          name: "Same ids",
          sign_key: OTHER_KEY,
          currencies: ["EUR"],
        })
      ),
      200,
      "create the other account"
    )
    const f = notification.fields
    const signedWithOther = signedWith(f, OTHER_KEY)
    const steps: [string, () => Promise<unknown>][] = [
      ["as made", async () => undefined],
      [
        "disabled",
        async () =>
          expectStatus(
            await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
              enabled: false,
            }),
            200,
            "disable"
          ),
      ],
      [
        "deleted",
        async () =>
          expectStatus(
            await shop.admin.delete(`${SETTINGS}/accounts/${account.id}`),
            200,
            "delete"
          ),
      ],
    ]
    for (const [state, step] of steps) {
      await step()
      expect([state, await webhook(f)]).toEqual([state, "authorized"])
      expect([state, await webhook(signedWithOther)]).toEqual([
        state,
        "not_supported",
      ])
    }
    // nothing moved: the payment is as the card left it
    expect((await shop.stored(stored.session_id)).status).toBe("authorized")
  })

  it("serves each sales channel and region from the account scoped to it and the rest from the fallback; what follows a payment stays with its account", async () => {
    const web = await openShop()
    // another store beside it: its own sales channel and a region of its own country
    const canada = await openShop([
      {
        currency_code: "usd",
        country: "ca",
        unit_price: 10,
        shipping_price: 5,
      },
    ])
    const create = async (body: Record<string, unknown>) =>
      expectStatus(
        await web.admin.post(`${SETTINGS}/accounts`, body),
        200,
        `create ${String(body.name)}`
      ).account as { id: string }
    const manual = { capture_on: "manual" }
    const fallback = await create(accountBody({ name: "Fallback", ...manual }))
    const webEntity = await create(
      accountBody({
        name: "Web shop entity",
        ...SECOND_SANDBOX_ACCOUNT,
        sales_channels: [web.seeded.salesChannelId],
        ...manual,
      })
    )
    const canadian = await create(
      accountBody({
        name: "Canada",
        regions: [canada.seeded.regions.usd.id],
        ...manual,
      })
    )

    // a channel the store does not have, and a scope as specific as another's, are refused by field
    const unknown = await web.admin.post(
      `${SETTINGS}/accounts`,
      accountBody({ name: "Nowhere", sales_channels: ["sc_01NOSUCHCHANNEL"] })
    )
    expect([unknown.status, unknown.data.message]).toEqual([
      400,
      "sales_channels: sc_01NOSUCHCHANNEL is not among this store's sales channels",
    ])
    const tie = await web.admin.post(
      `${SETTINGS}/accounts`,
      accountBody({
        name: "Web again",
        sales_channels: [
          web.seeded.salesChannelId,
          canada.seeded.salesChannelId,
        ],
      })
    )
    expect(tie.status).toBe(400)
    expect(tie.data.message).toMatch(
      /^sales_channels: the account would serve the same carts as "Web shop entity"/
    )

    // each store's payment goes through its own account, at its own merchant
    const paidWeb = await payByCard(web)
    const paidCanada = await payByCard(canada)
    expect(paidWeb.stored.account.id).toBe(webEntity.id)
    expect(paidCanada.stored.account.id).toBe(canadian.id)
    const atAcquirer = async (paid: typeof paidWeb) => {
      const tx = await sandbox.transaction(paid.stored.transaction_id)
      return [tx.merchant_id, tx.account_id, tx.state]
    }
    expect(await atAcquirer(paidWeb)).toEqual([
      SECOND_SANDBOX_ACCOUNT.merchant_id,
      SECOND_SANDBOX_ACCOUNT.account_id,
      "authorised",
    ])
    expect(await atAcquirer(paidCanada)).toEqual([
      sandbox.account.merchant_id,
      sandbox.account.account_id,
      "authorised",
    ])

    // the acquirer's notification is verified with the web entity's key; the same signed with the other merchant's is not believed
    const notification = await eventually(
      "the sandbox's notification",
      async () =>
        (await sandbox.notifications(paidWeb.stored.transaction_id))[0]
    )
    expect(await webhook(notification.fields)).toBe("authorized")
    expect(
      await webhook(signedWith(notification.fields, sandbox.account.sign_key))
    ).toBe("not_supported")

    // the web entity now serves the other store's channel: new web payments go to the fallback
    expectStatus(
      await web.admin.post(`${SETTINGS}/accounts/${webEntity.id}`, {
        sales_channels: [canada.seeded.salesChannelId],
      }),
      200,
      "move the web entity"
    )
    const later = await payByCard(web)
    expect(later.stored.account.id).toBe(fallback.id)
    expect((await atAcquirer(later))[0]).toBe(sandbox.account.merchant_id)

    // the first web payment is still captured and refunded at the web entity's merchant
    const [payment] = (await adminOrder(web, paidWeb.order.id))
      .payment_collections[0].payments
    expectStatus(
      await web.admin.post(`/admin/payments/${payment.id}/capture`, {}),
      200,
      "capture"
    )
    expectStatus(
      await web.admin.post(`/admin/payments/${payment.id}/refund`, {
        amount: 3,
      }),
      200,
      "refund"
    )
    const settled = await sandbox.transaction(paidWeb.stored.transaction_id)
    expect([
      settled.merchant_id,
      settled.captured_amount,
      settled.refunds.map((r: { refund_amount: string }) => r.refund_amount),
    ]).toEqual([SECOND_SANDBOX_ACCOUNT.merchant_id, "15.00", ["3.00"]])

    // two admins saving scopes that would tie, at the same moment: one is saved, the other refused by field
    const twins = await Promise.all(
      ["Twin A", "Twin B"].map((name) =>
        web.admin.post(
          `${SETTINGS}/accounts`,
          accountBody({ name, regions: [web.seeded.regions.usd.id] })
        )
      )
    )
    expect(twins.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect(twins.find((answer) => answer.status === 400)?.data.message).toMatch(
      /^regions: the account would serve the same carts as "Twin [AB]"/
    )
  })

  it("audits only what changed: old → new for a value, replaced for the sign key, nothing for a save that changes nothing", async () => {
    const shop = await openShop()
    const { account } = expectStatus(
      await shop.admin.post(
        `${SETTINGS}/accounts`,
        accountBody({ base_url: "http://127.0.0.1:9" })
      ),
      200,
      "create account"
    )
    const update = async (body: Record<string, unknown>) =>
      expectStatus(
        await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, body),
        200,
        "update account"
      )
    const audit = async () =>
      expectStatus(await shop.admin.get(`${SETTINGS}/changes`), 200, "changes")

    // the admin form sends every field back: only base_url differs
    const { sign_key: _unchanged, ...form } = accountBody({
      base_url: "http://127.0.0.1:9",
      currencies: ["usd"],
      providers: [],
      enabled: true,
      advanced: null,
      three_d_secure: null,
      auto_capture: null,
      order_prefix: null,
      timeout_ms: null,
    })
    await update({ ...form, base_url: "http://127.0.0.1:8/" })
    let answer = await audit()
    expect(answer.count).toBe(2)
    expect(answer.changes[0]).toMatchObject({
      account_id: account.id,
      action: "updated",
      fields: ["base_url"],
      changes: [
        {
          field: "base_url",
          from: "http://127.0.0.1:9",
          to: "http://127.0.0.1:8",
        },
      ],
      actor_email: expect.stringContaining("@"),
    })

    // saves that change nothing record nothing
    await update({ enabled: true })
    await update({
      ...form,
      base_url: "http://127.0.0.1:8",
      currencies: ["USD"],
    })
    await update({ sign_key: sandbox.account.sign_key })
    expect((await audit()).count).toBe(2)

    await update({ enabled: false })
    answer = await audit()
    expect(answer.count).toBe(3)
    expect(answer.changes[0]).toMatchObject({
      fields: ["enabled"],
      changes: [{ field: "enabled", from: true, to: false }],
    })

    // a new sign key: "replaced", and no key material anywhere
    const newKey = "replacement-sign-key-7f3a9c"
    await update({ sign_key: newKey })
    answer = await audit()
    expect(answer.count).toBe(4)
    expect(answer.changes[0]).toMatchObject({
      fields: ["sign_key"],
      changes: [{ field: "sign_key", change: "replaced" }],
    })
    const [stored] = await sql<{ sign_key_encrypted: string }>(
      "SELECT sign_key_encrypted FROM acquiring_account WHERE id = $1",
      [account.id]
    )
    const rows = await sql<{ changes: unknown }>(
      "SELECT changes FROM acquiring_settings_change ORDER BY created_at DESC, id DESC"
    )
    expect(rows[0].changes).toEqual([{ field: "sign_key", change: "replaced" }])
    for (const text of [
      JSON.stringify(answer),
      JSON.stringify(rows),
      ...logs.lines(),
    ]) {
      expect(text).not.toContain(newKey)
      expect(text).not.toContain(sandbox.account.sign_key)
      expect(text).not.toContain(stored.sign_key_encrypted)
    }

    // deleting stays recorded
    expectStatus(
      await shop.admin.delete(`${SETTINGS}/accounts/${account.id}`),
      200,
      "delete account"
    )
    answer = await audit()
    expect(answer.count).toBe(5)
    expect(answer.changes[0]).toMatchObject({
      action: "deleted",
      fields: [],
      changes: [],
    })
  })

  it("saving the method fields leaves the other advanced settings unset; codes are checked and the acquirer's are asked", async () => {
    const shop = await openShop()
    const { account } = expectStatus(
      await shop.admin.post(`${SETTINGS}/accounts`, accountBody()),
      200,
      "create account"
    )
    // what the drawer sends when only the two method fields changed
    const methods = { hidden: ["WALLET"], order: ["BANK_TRANSFER"] }
    const saved = expectStatus(
      await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
        advanced: { payment_methods: methods },
      }),
      200,
      "save the method fields"
    )
    expect(saved.account.advanced).toEqual({ payment_methods: methods })
    const [row] = await sql<{ advanced: unknown }>(
      "SELECT advanced FROM acquiring_account WHERE id = $1",
      [account.id]
    )
    // no saved_cards, budget_ms, delayed, awaiting_code or retention stored
    expect(row.advanced).toEqual({ payment_methods: methods })
    const settings = expectStatus(
      await shop.admin.get(SETTINGS),
      200,
      "settings"
    )
    const card = settings.providers.find(
      (p: { id: string }) => p.id === CARD_PROVIDER
    )
    // in force: the account's two codes, every other value still the default's
    expect(card.effective.payment_methods).toEqual({
      value: {
        ...methods,
        budget_ms: 1500,
        delayed: ["BANK_TRANSFER"],
        awaiting_code: "P0001",
      },
      source: "admin",
    })
    for (const untouched of ["saved_cards", "retention", "lookup_retries"])
      expect(card.effective[untouched].source).toBe("default")
    const [change] = expectStatus(
      await shop.admin.get(`${SETTINGS}/changes`),
      200,
      "changes"
    ).changes
    expect(change.changes).toEqual([
      { field: "advanced", from: null, to: { payment_methods: methods } },
    ])

    // two words are one value, refused naming the field, never two codes
    const twoWords = await shop.admin.post(
      `${SETTINGS}/accounts/${account.id}`,
      { advanced: { payment_methods: { hidden: ["FOO BAR"] } } }
    )
    expect(twoWords.status).toBe(400)
    expect(twoWords.data.message).toContain(
      "advanced.payment_methods.hidden[0]: must be a payment method code such as WALLET"
    )

    // the codes the acquirer offers this account, asked now with its saved settings
    const offered = expectStatus(
      await shop.admin.get(
        `${SETTINGS}/accounts/${account.id}/payment-methods`
      ),
      200,
      "offered methods"
    )
    // the sandbox: cards and wallets always, bank transfer from 100.00
    expect(offered).toEqual({
      outcome: "answered",
      codes: ["CARD", "WALLET", "BANK_TRANSFER"],
      asked: [
        { currency: "USD", amount: "10.00" },
        { currency: "USD", amount: "10000.00" },
      ],
    })
    // a disabled account sends nothing, and says why
    await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, {
      enabled: false,
    })
    const disabled = expectStatus(
      await shop.admin.get(
        `${SETTINGS}/accounts/${account.id}/payment-methods`
      ),
      200,
      "offered methods of a disabled account"
    )
    expect(disabled).toEqual({
      outcome: "not_asked",
      message: expect.stringMatching(/^account "Sandbox" is disabled/),
    })
  })

  it("tells the four outcomes of Test connection apart", async () => {
    const shop = await openShop()
    const { account } = expectStatus(
      await shop.admin.post(`${SETTINGS}/accounts`, accountBody()),
      200,
      "create account"
    )
    const check = async () =>
      expectStatus(
        await shop.admin.post(
          `${SETTINGS}/accounts/${account.id}/test-connection`,
          {}
        ),
        200,
        "test connection"
      )
    const update = async (body: Record<string, unknown>) =>
      expectStatus(
        await shop.admin.post(`${SETTINGS}/accounts/${account.id}`, body),
        200,
        "update account"
      )

    expect(await check()).toMatchObject({ outcome: "accepted" })

    await update({ sign_key: "not-the-key" })
    expect(await check()).toEqual({
      outcome: "signature_refused",
      message: "Signature refused (I0013): check the sign key.",
      code: "I0013",
    })
    await update({ sign_key: sandbox.account.sign_key })

    await sandbox.registerIps(["203.0.113.7"])
    try {
      expect(await check()).toMatchObject({
        outcome: "ip_not_registered",
        code: "7",
      })
    } finally {
      await sandbox.registerIps(["127.0.0.1", "::1"])
    }

    await update({ base_url: "http://127.0.0.1:9" })
    const unreachable = await check()
    expect(unreachable.outcome).toBe("unreachable")
    expect(unreachable.message).toContain("check base_url")

    expectStatus(
      await shop.admin.delete(`${SETTINGS}/accounts/${account.id}`),
      200,
      "delete account"
    )
    expect(
      expectStatus(await shop.admin.get(SETTINGS), 200, "settings").accounts
    ).toEqual([])
  })

  // after the sale, on the same app: the jobs and payment links of two merchants
  describe("two merchant accounts", () => twoMerchantsCases(suite))
})
