import { createHash } from "node:crypto"
import { join } from "node:path"
import { Client } from "pg"
import { acquiringSuite } from "../helpers/acquiring-suite"
import { createAdminHeaders } from "../../dev/local-stack/admin-user"
import { TEST_JWT_SECRET } from "../../dev/local-stack/app-constants"
import {
  expectStatus,
  httpClient,
  type HttpClient,
} from "../../dev/store-client/http-client"

jest.setTimeout(120_000)

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

async function until<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what}: not in time`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
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
    const root = process.env.ACQUIRING_PLUGIN_ROOT
    if (!root) throw new Error("ACQUIRING_PLUGIN_ROOT is not set")
    const job = require(
      join(
        root,
        ".medusa",
        "server",
        "src",
        "jobs",
        "confirm-acquiring-payouts.js"
      )
    ) as { default: (container: unknown) => Promise<unknown> }
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
    const completed = await until(async () => {
      const payout = await detail(created.id)
      return payout.status === "COMPLETED" && payout
    }, "payout completed")
    expect(completed.answer).toMatchObject({
      transaction_id: created.transaction_id,
      status: "COMPLETED",
      amount_beneficiary_receives: "120.50",
      amount_payer_pays: "120.50",
      fee_amount: "0.00",
      fee_currency: "USD",
    })
    expect(completed.answer.short_reference_id).toMatch(/^\d{8}-[0-9A-F]{6}$/)
    const [note] = await sandbox.notifications(created.transaction_id)
    expect(note.notify_type).toBe("PAYOUT")
    expect(note.state).toBe("delivered")
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
        until(async () => {
          const payout = await detail(p.id)
          return payout.status === "FAILED" && payout
        }, "payout failed")
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
    await until(async () => {
      const payout = await detail(lostAgain.id)
      return payout.status === "COMPLETED" && payout
    }, "completed by notification")

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
})
