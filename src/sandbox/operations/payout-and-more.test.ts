import { parseResponXml } from "../../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "../sandbox"
import {
  authorizeBody,
  post,
  startReceiver,
  TEST_ACCOUNT,
  testSign,
  waitFor,
} from "../__fixtures__/test-harness"

let sandbox: SandboxHandle
beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    payout_settle_ms: 20,
    clock: () => new Date("2026-11-21T10:00:00Z"),
  })
})
afterAll(() => sandbox.close())

let requestCounter = 0
function payoutBody(amount: string, overrides: Record<string, unknown> = {}) {
  requestCounter += 1
  const request_id = `5d1b2c3a-0000-4000-8000-${String(requestCounter).padStart(12, "0")}`
  return {
    merchant_id: "M100",
    account_id: "A200",
    request_id,
    payment_currency: "EUR",
    payment_amount: amount,
    payment_method: "SWIFT",
    beneficiary: {
      first_name: "Grace",
      last_name: "Hopper",
      bank_details: {
        iban: "DE89370400440532013000",
        account_name: "G Hopper",
      },
    },
    encryption_data: testSign("M100", "A200", request_id, "EUR", amount),
    ...overrides,
  }
}

describe("payout", () => {
  it("answers PENDING, signed, and completes by itself with a PAYOUT notification", async () => {
    const receiver = await startReceiver()
    try {
      const body = payoutBody("120.50", { notify_url: receiver.url })
      const answer = await post(`${sandbox.url}/v1/payout`, body)
      expect(answer.status).toBe(200)
      const json = answer.json()
      expect(json).toMatchObject({
        request_id: body.request_id,
        status: "PENDING",
        payment_amount: "120.50",
        payment_currency: "EUR",
        amount_beneficiary_receives: 120.5,
        amount_payer_pays: 120.5,
        fee_amount: 0,
        fee_currency: "EUR",
        created_at: "2026-11-21T10:00:00+0000",
        last_updated_at: "2026-11-21T10:00:00+0000",
        failure_type: "",
        failure_reason: "",
        beneficiary: {
          first_name: "Grace",
          bank_details: { iban: "DE89370400440532013000" },
        },
      })
      expect(json.short_reference_id).toMatch(/^20261121-[0-9A-F]{6}$/)
      expect(json.encryption_data).toBe(
        testSign(
          "M100",
          "A200",
          body.request_id,
          json.transaction_id,
          "PENDING"
        )
      )
      const [note] = await waitFor(
        () => receiver.received.length > 0 && receiver.received
      )
      expect(note.fields).toMatchObject({
        notify_type: "PAYOUT",
        status: "COMPLETED",
        transaction_id: json.transaction_id,
      })
      expect(note.fields.last_updated_at).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/
      )
      expect(note.fields.encryption_data).toBe(
        testSign(
          "M100",
          "A200",
          body.request_id,
          json.transaction_id,
          "COMPLETED"
        )
      )
    } finally {
      await receiver.close()
    }
  })

  it("fails the 999 test amount and repeats the same payout for a repeated request_id", async () => {
    const body = payoutBody("999.00")
    const first = (await post(`${sandbox.url}/v1/payout`, body)).json()
    await waitFor(
      () =>
        sandbox.context.store.findPayoutAnywhere(first.transaction_id)
          ?.status === "FAILED"
    )
    const again = (await post(`${sandbox.url}/v1/payout`, body)).json()
    expect(again).toMatchObject({
      transaction_id: first.transaction_id,
      status: "FAILED",
      failure_type: "UNKNOWN",
    })
    expect(again.failure_reason).not.toBe("")
  })

  it("fails a test beneficiary account with its reason and retries a refused notification", async () => {
    const receiver = await startReceiver([500])
    try {
      const body = payoutBody("42.00", {
        notify_url: receiver.url,
        beneficiary: {
          company_name: "Closed Account Ltd",
          bank_details: { account_number: "12340410" },
        },
      })
      const first = (await post(`${sandbox.url}/v1/payout`, body)).json()
      expect(first.status).toBe("PENDING")
      const notes = await waitFor(
        () => receiver.received.length >= 2 && receiver.received,
        5_000
      )
      // the first delivery was answered 500, the second is the same notification again
      expect(notes[1].fields).toEqual(notes[0].fields)
      expect(notes[1].fields).toMatchObject({
        status: "FAILED",
        failure_type: "ACCOUNT_CLOSED",
        failure_reason: "Beneficiary account is closed",
      })
      const again = (await post(`${sandbox.url}/v1/payout`, body)).json()
      expect(again).toMatchObject({
        transaction_id: first.transaction_id,
        status: "FAILED",
        failure_type: "ACCOUNT_CLOSED",
      })
    } finally {
      await receiver.close()
    }
  })

  it("keeps the 555 test amount PENDING until forced", async () => {
    const first = (
      await post(`${sandbox.url}/v1/payout`, payoutBody("555.00"))
    ).json()
    expect(first.status).toBe("PENDING")
    // a payout sent after it, settled on the same delay, proves that delay has passed
    const control = (
      await post(`${sandbox.url}/v1/payout`, payoutBody("120.50"))
    ).json()
    await waitFor(
      () =>
        sandbox.context.store.findPayoutAnywhere(control.transaction_id)
          ?.status === "COMPLETED"
    )
    expect(
      sandbox.context.store.findPayoutAnywhere(first.transaction_id)?.status
    ).toBe("PENDING")
    const forced = await post(
      `${sandbox.url}/__sandbox/payouts/${first.transaction_id}/resolve`,
      { status: "COMPLETED" }
    )
    expect(forced.json().payout).toMatchObject({
      status: "COMPLETED",
      transaction_id: first.transaction_id,
    })
    const twice = await post(
      `${sandbox.url}/__sandbox/payouts/${first.transaction_id}/resolve`,
      { status: "FAILED" }
    )
    expect(twice.status).toBe(409)
  })

  it("refuses a wrong signature, a bad amount and a missing beneficiary with HTTP 400", async () => {
    const bad = await post(`${sandbox.url}/v1/payout`, {
      ...payoutBody("10.00"),
      encryption_data: testSign("x"),
    })
    expect(bad.status).toBe(400)
    expect(bad.json()).toMatchObject({ code: "I0013" })
    const amount = payoutBody("10.0")
    expect(
      (await post(`${sandbox.url}/v1/payout`, amount)).json()
    ).toMatchObject({ code: "E0002", source: "payment_amount" })
    const noBeneficiary = { ...payoutBody("10.00"), beneficiary: undefined }
    expect(
      (await post(`${sandbox.url}/v1/payout`, noBeneficiary)).json()
    ).toMatchObject({ code: "E0001", source: "beneficiary" })
  })
})

describe("cancelsubscription", () => {
  it("cancels a subscription once; unknown or repeated is refused", async () => {
    const result = parseResponXml(
      (
        await post(
          `${sandbox.url}/v1/authorise`,
          authorizeBody({
            subscription: { contract_name: "box", interval: "month" },
          })
        )
      ).text
    )
    const recurring = String(result.recurring_id)
    const body = (recurringId: string, contract: string) => ({
      merchant_id: "M100",
      account_id: "A200",
      recurring_id: recurringId,
      contract_name: contract,
      encryption_data: testSign("M100", "A200", recurringId, contract),
    })
    const ok = (
      await post(`${sandbox.url}/v1/cancelsubscription`, body(recurring, "box"))
    ).json()
    expect(ok).toMatchObject({
      return_status: "1",
      return_message: "0000:Success",
      recurring_id: recurring,
      contract_name: "box",
    })
    expect(ok.encryption_data).toBe(testSign("M100", "A200", recurring, "box"))
    const again = (
      await post(`${sandbox.url}/v1/cancelsubscription`, body(recurring, "box"))
    ).json()
    expect(again.return_message).toMatch(/^E0005:/)
    expect(
      (
        await post(`${sandbox.url}/v1/cancelsubscription`, body("RC000", "box"))
      ).json().return_message
    ).toMatch(/^E0004:/)
    const wrongSig = {
      ...body(recurring, "box"),
      encryption_data: testSign("x"),
    }
    expect(
      (await post(`${sandbox.url}/v1/cancelsubscription`, wrongSig)).json()
        .return_message
    ).toBe("I0013:Signature error")
  })
})

describe("optimise", () => {
  const body = (amount: string, currency = "USD") => ({
    merchant_id: "M100",
    account_id: "A200",
    request_id: "req-1",
    currency,
    amount,
    shopper_email: "a@b.c",
    encryption_data: testSign(
      "M100",
      "A200",
      "req-1",
      currency,
      amount,
      "a@b.c"
    ),
  })

  it("ranks payment methods, adding bank transfer from 100 major units", async () => {
    const small = (
      await post(`${sandbox.url}/v1/optimise`, body("99.99"))
    ).json()
    expect(small).toMatchObject({
      return_status: "1",
      request_id: "req-1",
      encryption_data: body("99.99").encryption_data,
    })
    expect(
      small.payment_methods.map((m: Record<string, string>) => m.payment_method)
    ).toEqual(["CARD", "WALLET"])
    const large = (
      await post(`${sandbox.url}/v1/optimise`, body("100.00"))
    ).json()
    expect(
      large.payment_methods.map((m: Record<string, string>) => m.rank)
    ).toEqual(["1", "2", "3"])
  })

  it("refuses wrong digits (E0002) and a wrong signature (I0013)", async () => {
    expect(
      (await post(`${sandbox.url}/v1/optimise`, body("100", "USD"))).json()
        .return_message
    ).toMatch(/^E0002:/)
    const wrong = { ...body("1.00"), encryption_data: testSign("x") }
    expect(
      (await post(`${sandbox.url}/v1/optimise`, wrong)).json()
    ).toMatchObject({
      return_status: "0",
      return_message: "I0013:Signature error",
    })
  })
})
