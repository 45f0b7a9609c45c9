import { createHash } from "node:crypto"
import {
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
} from "../errors"
import { createAcquiringClient, type AcquiringClient } from "./acquiring-client"
import {
  startFakeGateway,
  type FakeGateway,
  type FakeHandler,
  type RecordedRequest,
} from "./__fixtures__/fake-gateway"

const KEY = "svc-key"
const sha = (plain: string) =>
  createHash("sha256").update(plain, "utf8").digest("hex")

function echo(
  extra: (body: Record<string, unknown>) => Record<string, unknown>
) {
  return (req: RecordedRequest) => {
    const body = JSON.parse(req.body)
    return {
      body: {
        merchant_id: "M1",
        account_id: "A1",
        encryption_data: body.encryption_data,
        ...extra(body),
      },
    }
  }
}

describe("cancelSubscription and optimise", () => {
  let gateway: FakeGateway | undefined
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })

  async function client(
    handler: FakeHandler,
    extra: Record<string, unknown> = {}
  ): Promise<AcquiringClient> {
    gateway = await startFakeGateway(handler)
    return createAcquiringClient({
      base_url: gateway.url,
      merchant_id: "M1",
      account_id: "A1",
      sign_key: KEY,
      ...extra,
    })
  }

  it("cancels a subscription with recurring_id and contract_name signed", async () => {
    const c = await client(
      echo(() => ({ return_status: "1", return_message: "0000:Success" }))
    )
    const answer = await c.cancelSubscription({
      recurring_id: "R-1",
      contract_name: "Monthly box",
    })
    expect(gateway!.requests[0].path).toBe("/v1/cancelsubscription")
    expect(gateway!.requests[0].headers["content-type"]).toBe(
      "application/json"
    )
    expect(JSON.parse(gateway!.requests[0].body).encryption_data).toBe(
      sha("M1A1R-1Monthlybox" + KEY)
    )
    expect(answer.return_status).toBe("1")
  })

  it("throws the refusal of a subscription cancel", async () => {
    const c = await client(
      echo(() => ({
        return_status: "0",
        return_message: "E0004:No subscription R-1",
      }))
    )
    const error = await c
      .cancelSubscription({ recurring_id: "R-1", contract_name: "Monthly box" })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayRefusedError)
    expect((error as GatewayRefusedError).code).toBe("E0004")
    expect((error as GatewayRefusedError).operation).toBe("cancel_subscription")
  })

  it("refuses a subscription answer with another signature", async () => {
    const c = await client((req) => ({
      body: {
        ...echo(() => ({ return_status: "1" }))(req).body,
        encryption_data: sha("x"),
      },
    }))
    await expect(
      c.cancelSubscription({ recurring_id: "R-1", contract_name: "C" })
    ).rejects.toBeInstanceOf(SignatureMismatchError)
  })

  it("refuses a subscription cancel without recurring_id", async () => {
    const c = await client(echo(() => ({})))
    const error = await c
      .cancelSubscription({ recurring_id: "", contract_name: "C" })
      .catch((e: unknown) => e)
    expect((error as InvalidInputError).field).toBe("recurring_id")
  })

  const optimizeRequest = {
    request_id: "REQ-1",
    currency: "USD",
    amount: "150.00",
    shopper_email: "a@b.test",
  }

  it("optimises: signed request, payment methods in order", async () => {
    const c = await client(
      echo(() => ({
        return_status: "1",
        return_message: "OK",
        payment_methods: [
          { payment_method: "CARD", display_name: "Card", rank: "1" },
          { payment_method: "BANK_TRANSFER", rank: "2" },
        ],
      }))
    )
    const answer = await c.optimize(optimizeRequest)
    expect(gateway!.requests[0].path).toBe("/v1/optimise")
    expect(JSON.parse(gateway!.requests[0].body).encryption_data).toBe(
      sha("M1A1REQ-1USD150.00a@b.test" + KEY)
    )
    expect(answer.payment_methods.map((m) => m.payment_method)).toEqual([
      "CARD",
      "BANK_TRANSFER",
    ])
  })

  it("retries optimise after a transport failure (read-only)", async () => {
    const c = await client(
      (req, index) =>
        index === 0
          ? "reset"
          : echo(() => ({ return_status: "1", payment_methods: ["CARD"] }))(
              req
            ),
      { lookup_retries: 1, lookup_retry_delay_ms: 1 }
    )
    const answer = await c.optimize(optimizeRequest)
    expect(answer.payment_methods).toEqual([{ payment_method: "CARD" }])
    expect(gateway!.requests).toHaveLength(2)
  })

  it("refuses an optimise amount with the wrong digits", async () => {
    const c = await client(echo(() => ({})))
    const error = await c
      .optimize({ ...optimizeRequest, currency: "JPY", amount: "150.00" })
      .catch((e: unknown) => e)
    expect((error as InvalidInputError).field).toBe("amount")
  })
})
