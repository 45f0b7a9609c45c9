import { createHash } from "node:crypto"
import {
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
} from "../errors"
import { createAcquiringClient, type AcquiringClient } from "./acquiring-client"
import {
  startFakeGateway,
  type FakeGateway,
  type FakeHandler,
  type RecordedRequest,
} from "./__fixtures__/fake-gateway"

const KEY = "payout-key"
const sha = (plain: string) =>
  createHash("sha256").update(plain, "utf8").digest("hex")
const REQUEST_ID = "7d444840-9dc0-11d1-b245-5ffdce74fad2"

const request = {
  request_id: REQUEST_ID,
  payment_amount: "1.250",
  payment_currency: "KWD",
  payment_method: "SWIFT",
  beneficiary: {
    first_name: "Ada",
    last_name: "Lovelace",
    bank_details: { iban: "GB00TEST", account_currency: "KWD" },
  },
}

/** Answers like the service: request echoed, payout fields added, signed with the payout_response recipe. */
function payoutAnswer(
  status = "COMPLETED",
  override: Record<string, unknown> = {}
) {
  return (req: RecordedRequest) => {
    const body = JSON.parse(req.body)
    const answer: Record<string, unknown> = {
      ...body,
      transaction_id: "PT-1",
      status,
      fee_amount: 0,
      amount_beneficiary_receives: 1.25,
      failure_type: status === "FAILED" ? "UNKNOWN" : "",
      failure_reason: status === "FAILED" ? "Beneficiary bank rejected" : "",
      ...override,
    }
    answer.encryption_data = sha(`M1A1${answer.request_id}PT-1${status}${KEY}`)
    return { body: answer }
  }
}

describe("payout", () => {
  let gateway: FakeGateway | undefined
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })

  async function client(
    handler: FakeHandler,
    timeout_ms = 30_000
  ): Promise<AcquiringClient> {
    gateway = await startFakeGateway(handler)
    return createAcquiringClient({
      base_url: gateway.url,
      merchant_id: "M1",
      account_id: "A1",
      sign_key: KEY,
      timeout_ms,
    })
  }

  it("signs request_id, currency and amount and verifies the signed answer", async () => {
    const c = await client(payoutAnswer())
    const answer = await c.payout(request)
    const sent = JSON.parse(gateway!.requests[0].body)
    expect(gateway!.requests[0].path).toBe("/v1/payout")
    expect(sent.encryption_data).toBe(sha(`M1A1${REQUEST_ID}KWD1.250${KEY}`))
    expect(answer.status).toBe("COMPLETED")
    expect(answer.transaction_id).toBe("PT-1")
    // numbers on the wire come back as text
    expect(answer.amount_beneficiary_receives).toBe("1.25")
  })

  it("returns a failed payout as a result", async () => {
    const c = await client(payoutAnswer("FAILED"))
    const answer = await c.payout(request)
    expect(answer.status).toBe("FAILED")
    expect(answer.failure_reason).toBe("Beneficiary bank rejected")
  })

  it("refuses a forged answer", async () => {
    const c = await client((req) => {
      const answer = payoutAnswer()(req)
      return { body: { ...answer.body, status: "FAILED" } }
    })
    const error = await c.payout(request).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SignatureMismatchError)
    expect((error as SignatureMismatchError).message_kind).toBe(
      "payout_response"
    )
  })

  it("maps HTTP 400 to GatewayRefusedError", async () => {
    const c = await client(() => ({
      status: 400,
      body: { code: "E0001", source: "beneficiary", message: "is required" },
    }))
    const error = await c.payout(request).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayRefusedError)
    expect((error as GatewayRefusedError).code).toBe("E0001")
  })

  it.each([
    [{ payment_amount: "1.25" }, "payment_amount"],
    [{ payment_currency: "JPY", payment_amount: "1.250" }, "payment_amount"],
    [{ request_id: "not-a-uuid" }, "request_id"],
  ])("refuses %p naming %s", async (change, field) => {
    const c = await client(payoutAnswer())
    const error = await c
      .payout({ ...request, ...change })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).field).toBe(field)
    expect(gateway!.requests).toHaveLength(0)
  })

  it("never retries a payout", async () => {
    // long enough for the fake to have read the request on a loaded machine (150 ms was not, once)
    const c = await client(() => "hang", 1_000)
    const error = await c.payout(request).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).timed_out).toBe(true)
    expect(gateway!.requests).toHaveLength(1)
  })
})

describe("payout notifications", () => {
  const client = createAcquiringClient({
    base_url: "http://127.0.0.1:9",
    merchant_id: "M1",
    account_id: "A1",
    sign_key: KEY,
  })
  const fields = {
    merchant_id: "M1",
    account_id: "A1",
    request_id: REQUEST_ID,
    transaction_id: "PT-9",
    status: "FAILED",
    failure_type: "UNKNOWN",
    failure_reason: "Beneficiary bank rejected",
    notify_type: "PAYOUT",
    encryption_data: sha(`M1A1${REQUEST_ID}PT-9FAILED${KEY}`),
  }

  it("accepts a notification signed with the payout-response recipe", () => {
    expect(client.verifyPayoutNotification(fields)).toMatchObject({
      status: "FAILED",
      failure_type: "UNKNOWN",
      transaction_id: "PT-9",
    })
  })

  it("refuses an altered status", () => {
    expect(() =>
      client.verifyPayoutNotification({ ...fields, status: "COMPLETED" })
    ).toThrow(SignatureMismatchError)
  })

  it("refuses a notification for another merchant account, even when signed", () => {
    const other = {
      ...fields,
      merchant_id: "M2",
      encryption_data: sha(`M2A1${REQUEST_ID}PT-9FAILED${KEY}`),
    }
    expect(() => client.verifyPayoutNotification(other)).toThrow(
      InvalidInputError
    )
  })
})
