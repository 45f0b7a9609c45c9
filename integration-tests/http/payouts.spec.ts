import { createHash, randomUUID } from "node:crypto"
import { Client } from "pg"
import { acquiringSuite, CARD_PROVIDER } from "../helpers/acquiring-suite"
import { eventually } from "../helpers/polling"
import { createAdminHeaders } from "../../dev/local-stack/admin-user"
import { TEST_JWT_SECRET } from "../../dev/local-stack/app-constants"
import {
  expectStatus,
  httpClient,
  type HttpClient,
} from "../../dev/store-client/http-client"
import { budget } from "../setup/time-budget"
import { loadedPluginModule } from "../setup/plugin-snapshot"

jest.setTimeout(budget(120_000))

// the last test saves admin accounts, whose sign keys are stored encrypted
process.env.ACQUIRING_SETTINGS_KEY ??= Buffer.alloc(32, 9).toString("base64")

// Personal data of the requests below: it must never reach a log line or a list.
const ACCOUNT_NUMBER = "000123456789"
const IBAN = "GB33BUKB20201555555555"
const PERSONAL_ID = "X1234567Q"
const REGISTRATION = "REG-77-001122"

function payoutBody(overrides: Record<string, unknown> = {}) {
  return {
    beneficiary: {
      entity_type: "COMPANY",
      company_name: "Acme Supplies Ltd",
      address: { city: "London", country_code: "GB", postcode: "EC1A 1BB" },
      bank_details: {
        account_name: "Acme Supplies",
        account_number: ACCOUNT_NUMBER,
        bank_name: "Test Bank",
        bank_country_code: "GB",
        swift_code: "BUKBGB22",
        account_currency: "USD",
      },
      additional_info: { personal_id_number: PERSONAL_ID },
    },
    payer: {
      entity_type: "COMPANY",
      company_name: "Our Shop Inc",
      address: { country_code: "US", city: "Austin" },
      additional_info: { business_registration_number: REGISTRATION },
    },
    payment_amount: "120.50",
    payment_currency: "USD",
    payment_date: "2026-11-24",
    payment_method: "SWIFT",
    swift_charge_option: "SHARED",
    fund_source: "DepositAccount",
    fee_paid_by: "PAYER",
    reason: "Supplier invoice",
    reference: "INV-2026-001",
    ...overrides,
  }
}

/** The payout-response recipe of the wire contract, computed here independently of the plugin. */
function payoutSignature(fields: Record<string, string>, signKey: string) {
  const text = [
    fields.merchant_id,
    fields.account_id,
    fields.request_id,
    fields.transaction_id,
    fields.status,
    signKey,
  ]
    .join("")
    .replace(/\s/g, "")
  return createHash("sha256").update(text).digest("hex")
}

acquiringSuite(({ sandbox, backendUrl, container, databaseUrl, logs }) => {
  let admin: HttpClient
  const anonymous = httpClient(backendUrl)
  const notifyPath = "/acquiring/notifications/payouts"

  beforeEach(async () => {
    const headers = await createAdminHeaders(container(), TEST_JWT_SECRET)
    admin = httpClient(backendUrl, () => headers)
  })

  /** One run of the built job, as the scheduler would run it after its quiet period. */
  async function runPayoutJob() {
    const client = new Client({ connectionString: databaseUrl() })
    await client.connect()
    try {
      await client.query(
        `UPDATE acquiring_payout SET updated_at = updated_at - interval '5 minutes'`
      )
    } finally {
      await client.end()
    }
    const job = loadedPluginModule<
      typeof import("../../src/jobs/confirm-acquiring-payouts")
    >("jobs/confirm-acquiring-payouts")
    await job.default(container())
  }

  const detail = async (id: string) =>
    expectStatus(
      await admin.get(`/admin/acquiring/payouts/${id}`),
      200,
      "payout detail"
    ).payout

  const create = async (overrides: Record<string, unknown> = {}) =>
    expectStatus(
      await admin.post("/admin/acquiring/payouts", payoutBody(overrides)),
      201,
      "create payout"
    ).payout

  it("sends a payout (PENDING), completes it by the notification; a duplicate, a late PENDING and a forged notification change nothing; list filters and masks", async () => {
    const created = await create()
    expect(created).toMatchObject({
      status: "PENDING",
      payment_amount: "120.50",
      payment_currency: "USD",
      reference: "INV-2026-001",
      beneficiary_name: "Acme Supplies Ltd",
      beneficiary_account: "••••6789",
      beneficiary: {
        account_number: "••••6789",
        personal_id_number: "••••567Q",
        swift_code: "BUKBGB22",
      },
      payer: { name: "Our Shop Inc", business_registration_number: "••••1122" },
    })
    expect(created.request_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    )
    expect(created.transaction_id).toBeTruthy()
    const atSandbox = (await sandbox.payouts()).filter(
      (p) => p.request_id === created.request_id
    )
    expect(atSandbox).toHaveLength(1)
    expect(atSandbox[0].transaction_id).toBe(created.transaction_id)
    // the request carried the bank details the payout needs, and the notify_url of the plugin's route
    const [request] = (await sandbox.requests("payout")).filter(
      (r) => r.body.request_id === created.request_id
    )
    expect(request.body.notify_url).toBe(`${backendUrl()}${notifyPath}`)

    // the sandbox completes it after 1 s and notifies; the plugin's route acknowledges with 200
    const completed = await eventually(
      "payout completed",
      async () => {
        const payout = await detail(created.id)
        return payout.status === "COMPLETED" ? payout : undefined
      },
      15_000
    )
    expect(completed.answer).toMatchObject({
      transaction_id: created.transaction_id,
      status: "COMPLETED",
      amount_beneficiary_receives: "120.50",
      amount_payer_pays: "120.50",
      fee_amount: "0.00",
      fee_currency: "USD",
    })
    expect(completed.answer.short_reference_id).toMatch(/^\d{8}-[0-9A-F]{6}$/)
    // the payout is recorded before the route's 200 reaches the sandbox: wait for the sandbox to log it delivered
    const note = await eventually("the notification delivered", async () => {
      const [sent] = await sandbox.notifications(created.transaction_id)
      return sent?.state === "delivered" ? sent : undefined
    })
    expect(note.notify_type).toBe("PAYOUT")
    expect(note.attempts.map((a) => a.status)).toEqual([200])

    // the same notification again: acknowledged, nothing moves
    const again = await anonymous.postForm(notifyPath, note.fields)
    expect(again.status).toBe(200)
    expect(again.data).toMatchObject({ status: "COMPLETED", moved: false })

    // a genuinely signed but late PENDING never moves a COMPLETED payout back
    const late: Record<string, string> = { ...note.fields, status: "PENDING" }
    late.encryption_data = payoutSignature(late, sandbox.account.sign_key)
    const lateAnswer = await anonymous.postForm(notifyPath, late)
    expect(lateAnswer.status).toBe(200)
    expect((await detail(created.id)).status).toBe("COMPLETED")

    // forged: a payout left PENDING (test amount 555) told it FAILED with a wrong signature
    const waiting = await create({
      payment_amount: "555.00",
      reference: "INV-2026-002",
    })
    expect(waiting.status).toBe("PENDING")
    const forged: Record<string, string> = {
      ...note.fields,
      request_id: waiting.request_id,
      transaction_id: waiting.transaction_id,
      status: "FAILED",
      failure_reason: "forged",
    }
    forged.encryption_data = payoutSignature(forged, "not-the-sign-key")
    const forgedAnswer = await anonymous.postForm(notifyPath, forged)
    expect(forgedAnswer.status).toBe(401)
    // a real notification's signature over another payout's fields does not hold either
    const replayed = await anonymous.postForm(notifyPath, {
      ...note.fields,
      request_id: waiting.request_id,
    })
    expect(replayed.status).toBe(401)
    expect(await detail(waiting.id)).toMatchObject({
      status: "PENDING",
      failure_reason: null,
    })
    // an unknown payout is not acknowledged
    const unknown = await anonymous.postForm(notifyPath, {
      ...note.fields,
      request_id: "00000000-0000-4000-8000-000000000000",
      transaction_id: "nope",
    })
    expect(unknown.status).toBe(404)

    // the list: filters, search, pagination; personal data masked
    const list = async (query: string) =>
      expectStatus(
        await admin.get(`/admin/acquiring/payouts${query}`),
        200,
        `list ${query}`
      )
    const all = await list("")
    expect(all.count).toBe(2)
    expect(all.payouts.map((p: any) => p.id)).toEqual([waiting.id, created.id])
    const completedOnly = await list("?status=COMPLETED&currency=USD")
    expect(completedOnly.payouts.map((p: any) => p.id)).toEqual([created.id])
    expect((await list("?status=COMPLETED&status=PENDING")).count).toBe(2)
    expect((await list("?currency=EUR")).count).toBe(0)
    expect(
      (await list("?q=inv-2026-002")).payouts.map((p: any) => p.id)
    ).toEqual([waiting.id])
    expect((await list(`?q=${created.transaction_id}`)).count).toBe(1)
    const since = encodeURIComponent(
      new Date(Date.now() + 60_000).toISOString()
    )
    expect((await list(`?created_at[gte]=${since}`)).count).toBe(0)
    expect(
      (
        await list(
          `?created_at[lte]=${since}&created_at[gte]=${encodeURIComponent("2020-01-01")}`
        )
      ).count
    ).toBe(2)
    const page = await list("?limit=1&offset=1")
    expect(page).toMatchObject({ count: 2, limit: 1, offset: 1 })
    expect(page.payouts.map((p: any) => p.id)).toEqual([created.id])
    const listed = JSON.stringify(all)
    for (const secret of [ACCOUNT_NUMBER, PERSONAL_ID, REGISTRATION])
      expect(listed).not.toContain(secret)
    expect(JSON.stringify(await detail(created.id))).not.toContain(
      ACCOUNT_NUMBER
    )
  })

  it("records FAILED with the reason; a lost answer is settled with the same request_id and pays once (refresh and job); nothing personal is logged", async () => {
    // test amount 999: the acquirer fails the payout
    const failing = await create({ payment_amount: "999.00" })
    // a closed test account (…0410): fails with its own reason
    const closed = await create({
      beneficiary: {
        first_name: "Ada",
        last_name: "Lovelace",
        bank_details: { iban: "GB33BUKB20201555550410" },
      },
      payer: undefined,
      payment_amount: "75.25",
    })
    const [failed, closedFailed] = await Promise.all(
      [failing, closed].map((p) =>
        eventually(
          "payout failed",
          async () => {
            const payout = await detail(p.id)
            return payout.status === "FAILED" ? payout : undefined
          },
          15_000
        )
      )
    )
    expect(failed).toMatchObject({
      failure_type: "UNKNOWN",
      failure_reason: "Beneficiary bank rejected the payment",
      answer: { status: "FAILED", failure_type: "UNKNOWN" },
    })
    expect(closedFailed).toMatchObject({
      beneficiary_name: "Ada Lovelace",
      beneficiary_account: "••••0410",
      failure_type: "ACCOUNT_CLOSED",
      failure_reason: "Beneficiary account is closed",
      payer: null,
    })

    // the answer is lost after the acquirer made the payout
    await sandbox.injectFault({
      operation: "payout",
      kind: "connection_reset",
      after_processing: true,
    })
    const lost = await create({
      payment_amount: "555.10",
      reference: "LOST-1",
      beneficiary: {
        ...payoutBody().beneficiary,
        bank_details: { iban: IBAN },
      },
    })
    expect(lost).toMatchObject({ status: "unknown", transaction_id: null })
    const refreshed = expectStatus(
      await admin.post(`/admin/acquiring/payouts/${lost.id}/refresh`, {}),
      200,
      "refresh"
    ).payout
    expect(refreshed).toMatchObject({
      status: "PENDING",
      request_id: lost.request_id,
      tries: 2,
      last_error: null,
    })
    const madeForLost = (await sandbox.payouts()).filter(
      (p) => p.request_id === lost.request_id
    )
    expect(madeForLost).toHaveLength(1)
    expect(refreshed.transaction_id).toBe(madeForLost[0].transaction_id)
    const lostRequests = (await sandbox.requests("payout")).filter(
      (r) => r.body.request_id === lost.request_id
    )
    expect(lostRequests).toHaveLength(2)

    // the same again, left to the job: the acquirer still processes it (PENDING)
    await sandbox.injectFault({
      operation: "payout",
      kind: "connection_reset",
      after_processing: true,
    })
    const lostAgain = await create({
      payment_amount: "555.20",
      reference: "LOST-2",
    })
    expect(lostAgain.status).toBe("unknown")
    await runPayoutJob()
    const confirmed = await detail(lostAgain.id)
    expect(confirmed).toMatchObject({
      status: "PENDING",
      request_id: lostAgain.request_id,
      tries: 2,
    })
    const madeForLostAgain = (await sandbox.payouts()).filter(
      (p) => p.request_id === lostAgain.request_id
    )
    expect(madeForLostAgain).toHaveLength(1)
    expect(confirmed.transaction_id).toBe(madeForLostAgain[0].transaction_id)
    // the acquirer completes it later: its notification settles it
    await sandbox.resolvePayout(lostAgain.request_id, "COMPLETED")
    await eventually(
      "completed by notification",
      async () => {
        const payout = await detail(lostAgain.id)
        return payout.status === "COMPLETED" ? payout : undefined
      },
      15_000
    )

    // a settled payout is not asked about again
    const requestsBefore = (await sandbox.requests("payout")).length
    const settled = expectStatus(
      await admin.post(`/admin/acquiring/payouts/${failing.id}/refresh`, {}),
      200,
      "refresh settled"
    ).payout
    expect(settled.status).toBe("FAILED")
    expect((await sandbox.requests("payout")).length).toBe(requestsBefore)

    // nothing personal in any log line of this test
    const logged = logs.lines().join("\n")
    // the plugin did log the payouts (so the lines below were searched for something)
    expect(logged).toMatch(/\[acquiring\] payout POST \/v1\/payout/)
    for (const secret of [
      ACCOUNT_NUMBER,
      IBAN,
      "GB33BUKB20201555550410",
      PERSONAL_ID,
      REGISTRATION,
      "Lovelace",
      "Acme Supplies",
    ])
      expect(logged).not.toContain(secret)
  })

  it("answers 400 naming the field for bad input and 401 without an admin", async () => {
    const sentBefore = (await sandbox.requests("payout")).length
    const invalid = async (body: unknown, field: string) => {
      const answer = await admin.post("/admin/acquiring/payouts", body)
      expect(answer.status).toBe(400)
      expect(answer.data.type).toBe("invalid_data")
      expect(answer.data.issues.map((i: any) => i.field)).toContain(field)
      expect(answer.data.message).toContain(field)
    }
    const { payment_amount: _omit, ...noAmount } = payoutBody()
    await invalid(noAmount, "payment_amount")
    await invalid(payoutBody({ payment_amount: "10.001" }), "payment_amount")
    await invalid(payoutBody({ payment_amount: 10 }), "payment_amount")
    await invalid(payoutBody({ payment_amount: "0.00" }), "payment_amount")
    await invalid(
      payoutBody({ payment_currency: "JPY", payment_amount: "100.5" }),
      "payment_amount"
    )
    await invalid(payoutBody({ payment_currency: "usd" }), "payment_currency")
    await invalid(payoutBody({ payment_date: "24/11/2026" }), "payment_date")
    await invalid(
      payoutBody({ swift_charge_option: "HALF" }),
      "swift_charge_option"
    )
    await invalid(
      payoutBody({ beneficiary: { company_name: "No Bank Ltd" } }),
      "beneficiary.bank_details.account_number"
    )
    await invalid(
      payoutBody({
        beneficiary: {
          entity_type: "COMPANY",
          bank_details: { account_number: "1" },
        },
      }),
      "beneficiary.company_name"
    )
    await invalid(
      payoutBody({
        beneficiary: {
          ...payoutBody().beneficiary,
          address: { country_code: "GBR" },
        },
      }),
      "beneficiary.address.country_code"
    )
    await invalid(payoutBody({ card: "4242424242424242" }), "body")
    await invalid(
      payoutBody({ idempotency_key: "not a key!" }),
      "idempotency_key"
    )
    await invalid(
      payoutBody({ idempotency_key: "k".repeat(65) }),
      "idempotency_key"
    )
    const badProvider = await admin.post(
      "/admin/acquiring/payouts",
      payoutBody({ provider_id: "pp_system_default" })
    )
    expect(badProvider.status).toBe(400)
    expect(badProvider.data.message).toContain("provider_id")
    const badQuery = await admin.get("/admin/acquiring/payouts?status=DONE")
    expect(badQuery.status).toBe(400)
    expect(badQuery.data.issues[0].field).toBe("status")
    const badLimit = await admin.get("/admin/acquiring/payouts?limit=0")
    expect(badLimit.status).toBe(400)
    expect(badLimit.data.issues[0].field).toBe("limit")
    const badDate = await admin.get(
      "/admin/acquiring/payouts?created_at[gte]=yesterday"
    )
    expect(badDate.status).toBe(400)
    expect(badDate.data.issues[0].field).toBe("created_at.gte")
    // nothing was recorded or sent
    expect(
      expectStatus(await admin.get("/admin/acquiring/payouts"), 200, "list")
        .count
    ).toBe(0)
    expect(await sandbox.requests("payout")).toHaveLength(sentBefore)
    const missing = await admin.get("/admin/acquiring/payouts/acqpo_missing")
    expect(missing.status).toBe(404)

    for (const [method, path] of [
      ["GET", "/admin/acquiring/payouts"],
      ["POST", "/admin/acquiring/payouts"],
      ["GET", "/admin/acquiring/payouts/acqpo_x"],
      ["POST", "/admin/acquiring/payouts/acqpo_x/refresh"],
    ] as const) {
      const answer = await anonymous.request(method, path, {
        json: method === "POST" ? payoutBody() : undefined,
      })
      expect([method, path, answer.status]).toEqual([method, path, 401])
    }
    expect(await sandbox.requests("payout")).toHaveLength(sentBefore)
  })

  it("sends one payout per idempotency key: two creates at once, a repeat after a lost answer; the key with another amount is 409", async () => {
    const post = (body: Record<string, unknown>) =>
      admin.post("/admin/acquiring/payouts", body)
    // every payout the sandbox made, whatever its request_id: a second payout would come with a new one
    const atSandbox = async () => ({
      payouts: (await sandbox.payouts()).length,
      requests: (await sandbox.requests("payout")).length,
    })
    const before = await atSandbox()

    // a double submit: both arrive together, and the acquirer is slow to answer the one sent
    await sandbox.injectFault({
      operation: "payout",
      kind: "latency",
      latency_ms: 2000,
    })
    const key = randomUUID()
    const twice = await Promise.all([
      post(payoutBody({ idempotency_key: key })),
      post(payoutBody({ idempotency_key: key })),
    ])
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 201])
    const [made, other] = [201, 200].map(
      (status) => twice.find((answer) => answer.status === status)!.data.payout
    )
    expect(other.id).toBe(made.id)
    expect(other.request_id).toBe(made.request_id)
    expect(made).toMatchObject({ idempotency_key: key, status: "PENDING" })
    // found while the first create was still waiting for the acquirer
    expect(other.status).toBe("sending")
    expect(await atSandbox()).toEqual({
      payouts: before.payouts + 1,
      requests: before.requests + 1,
    })
    // the answer that found the payout has the same shape as the one that made it
    expect(Object.keys(other).sort()).toEqual(Object.keys(made).sort())

    // the acquirer makes the next payout but its answer is lost; the form is sent again
    await sandbox.injectFault({
      operation: "payout",
      kind: "connection_reset",
      after_processing: true,
    })
    const lostBody = payoutBody({
      idempotency_key: randomUUID(),
      payment_amount: "555.30",
      reference: "LOST-KEY",
    })
    const lost = expectStatus(await post(lostBody), 201, "create").payout
    expect(lost.status).toBe("unknown")
    const again = expectStatus(await post(lostBody), 200, "same key").payout
    expect(again).toMatchObject({
      id: lost.id,
      request_id: lost.request_id,
      status: "unknown",
      tries: 1,
    })
    // the amount written another way is the same request
    expect(
      expectStatus(
        await post({ ...lostBody, payment_amount: "555.3" }),
        200,
        "same key, same amount"
      ).payout.id
    ).toBe(lost.id)
    expect(await atSandbox()).toEqual({
      payouts: before.payouts + 2,
      requests: before.requests + 2,
    })

    // the key with another amount or beneficiary: refused, naming what differs
    const conflict = await post({ ...lostBody, payment_amount: "555.31" })
    expect(conflict.status).toBe(409)
    expect(conflict.data.type).toBe("conflict")
    expect(conflict.data.message).toContain("payment_amount")
    expect(conflict.data.message).toContain(lost.id)
    const otherBeneficiary = await post({
      ...lostBody,
      beneficiary: { ...lostBody.beneficiary, company_name: "Other Ltd" },
    })
    expect(otherBeneficiary.status).toBe(409)
    expect(otherBeneficiary.data.message).toContain("beneficiary")
    expect(await atSandbox()).toEqual({
      payouts: before.payouts + 2,
      requests: before.requests + 2,
    })
    const rows = expectStatus(
      await admin.get("/admin/acquiring/payouts"),
      200,
      "list"
    )
    expect(rows.count).toBe(2)

    // the lost answer is settled as any other: the status query, same request_id
    const refreshed = expectStatus(
      await admin.post(`/admin/acquiring/payouts/${lost.id}/refresh`, {}),
      200,
      "refresh"
    ).payout
    expect(refreshed).toMatchObject({
      status: "PENDING",
      request_id: lost.request_id,
    })
    expect((await atSandbox()).payouts).toBe(before.payouts + 2)
  })

  // Last in the file: the admin accounts it saves are cached for a few seconds.
  it("asks about a payout with the admin account it was sent with, after another account took over its currency", async () => {
    const accounts = "/admin/acquiring/settings/accounts"
    const saved: string[] = []
    const saveAccount = async (extra: Record<string, unknown>) => {
      const { account } = expectStatus(
        await admin.post(accounts, {
          mode: "test",
          merchant_id: sandbox.account.merchant_id,
          account_id: sandbox.account.account_id,
          sign_key: sandbox.account.sign_key,
          base_url: sandbox.url(),
          currencies: ["USD"],
          ...extra,
        }),
        200,
        "save account"
      )
      saved.push(account.id)
      return account
    }
    // the payout requests an action made, by position: the sandbox's log masks a
    // request_id whose digits happen to look like a card number
    const sending = async <T>(action: () => Promise<T>) => {
      const before = (await sandbox.requests("payout")).length
      const result = await action()
      return { result, sent: (await sandbox.requests("payout")).slice(before) }
    }
    try {
      const sender = await saveAccount({ name: "Payouts" })
      // test amount 555: the acquirer keeps it PENDING, so a refresh asks
      const payout = await create({
        payment_amount: "555.00",
        idempotency_key: randomUUID(),
      })
      expect(payout).toMatchObject({
        status: "PENDING",
        account: { id: sender.id, mode: "test" },
      })

      // a newer account naming the provider now serves USD: another merchant, unknown to the sandbox
      const newer = await saveAccount({
        name: "Other merchant",
        merchant_id: "99999",
        account_id: "99999001",
        providers: [CARD_PROVIDER],
      })
      const refresh = await sending(async () =>
        expectStatus(
          await admin.post(`/admin/acquiring/payouts/${payout.id}/refresh`, {}),
          200,
          "refresh"
        )
      )
      expect(refresh.result.payout).toMatchObject({
        status: "PENDING",
        tries: 2,
        last_error: null,
        account: { id: sender.id },
      })
      expect(refresh.sent.map((r) => r.body)).toEqual([
        expect.objectContaining({
          merchant_id: sandbox.account.merchant_id,
          account_id: sandbox.account.account_id,
        }),
      ])

      // the job asks with it too
      const job = await sending(runPayoutJob)
      expect(job.sent.map((r) => r.body.merchant_id)).toEqual([
        sandbox.account.merchant_id,
      ])
      expect(await detail(payout.id)).toMatchObject({
        status: "PENDING",
        tries: 3,
        last_error: null,
      })

      // the control: a new payout goes with the account serving USD now
      const next = await sending(() =>
        admin.post(
          "/admin/acquiring/payouts",
          payoutBody({ payment_amount: "555.00", reference: "NEXT" })
        )
      )
      expect(next.result.data.payout.account).toEqual({
        id: newer.id,
        mode: "test",
      })
      expect(next.sent.map((r) => r.body.merchant_id)).toEqual(["99999"])

      // paid from the account the merchant chooses, whichever serves USD
      const chosen = await sending(() =>
        admin.post(
          "/admin/acquiring/payouts",
          payoutBody({
            payment_amount: "555.00",
            reference: "CHOSEN",
            account_id: sender.id,
          })
        )
      )
      expect(chosen.result.data.payout.account).toEqual({
        id: sender.id,
        mode: "test",
      })
      expect(chosen.sent.map((r) => r.body.merchant_id)).toEqual([
        sandbox.account.merchant_id,
      ])
      const unknown = await admin.post(
        "/admin/acquiring/payouts",
        payoutBody({ account_id: "acqacc_NOSUCHACCOUNT" })
      )
      expect([unknown.status, unknown.data.message]).toEqual([
        400,
        "Invalid request: account_id: is not an acquiring account of this store",
      ])
      const euro = await admin.post(
        "/admin/acquiring/payouts",
        payoutBody({ payment_currency: "EUR", account_id: sender.id })
      )
      expect([euro.status, euro.data.message]).toEqual([
        400,
        `Invalid request: account_id: the account "Payouts" does not serve EUR payouts through ${CARD_PROVIDER}`,
      ])
    } finally {
      // a deleted account serves nothing, whatever account list the next test's cache holds
      for (const id of saved) await admin.delete(`${accounts}/${id}`)
    }
  })
})
