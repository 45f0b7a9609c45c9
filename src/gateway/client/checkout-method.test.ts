import { createHash } from "node:crypto"
import { InvalidInputError } from "../errors"
import { createAcquiringClient } from "./acquiring-client"
import { startFakeGateway, type FakeGateway } from "./__fixtures__/fake-gateway"

const KEY = "Key-0f Test"
const sha = (plain: string) =>
  createHash("sha256").update(plain, "utf8").digest("hex")

describe("a checkout opened on one payment method", () => {
  let gateway: FakeGateway | undefined
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })

  const order = {
    order_no: "ORD-7",
    currency: "EUR",
    amount: "150.00",
    return_url: "https://shop.test/return",
  }
  // payment_method is sent but not signed: the recipe's six fields, key last
  const signature = sha(
    "M100A200ORD-7EUR150.00https://shop.test/return" + "Key-0fTest"
  )

  async function client() {
    gateway = await startFakeGateway(() => ({
      headers: { "content-type": "text/html" },
      body: `<form name="theForm" action="https://pay.test/checkout" method="post"><input type="hidden" name="signInfo" value="${signature}"></form>`,
    }))
    return createAcquiringClient({
      base_url: gateway.url,
      merchant_id: "M100",
      account_id: "A200",
      sign_key: KEY,
    })
  }

  it("sends the method beside the order, outside the signature", async () => {
    const c = await client()
    await c.checkout({ ...order, payment_method: "BANK_TRANSFER" })
    const sent = JSON.parse(gateway!.requests[0].body)
    expect(sent.payment_method).toBe("BANK_TRANSFER")
    expect(sent.encryption_data).toBe(signature)
  })

  it("refuses a code that is not one before anything is sent", async () => {
    const c = await client()
    const error = await c
      .checkout({ ...order, payment_method: "bank transfer" })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidInputError)
    expect(String(error)).toMatch(/payment_method/)
    expect(gateway!.requests).toHaveLength(0)
  })
})
