import {
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
  UnexpectedResponseError,
} from "../errors"
import { createAcquiringClient } from "./acquiring-client"
import { closedPortUrl } from "./__fixtures__/fake-gateway"
import {
  approved,
  clientOnFakeGateway,
  KEY,
  order,
  respon,
  resultSignature,
  sha,
} from "./__fixtures__/signed-respon"

describe("authorise, checkout and result verification", () => {
  const { client, gateway, lines } = clientOnFakeGateway()

  it("signs the authorise request, verifies the respon and returns the typed result", async () => {
    const c = await client(() => ({
      headers: { "content-type": "application/xml" },
      body: respon(approved(order)),
    }))
    const result = await c.authorize(order)

    const sent = gateway().requests[0]
    expect(sent.path).toBe("/v1/authorise")
    expect(sent.headers["content-type"]).toBe("application/json")
    const body = JSON.parse(sent.body)
    expect(body.merchant_id).toBe("M100")
    expect(body.account_id).toBe("A200")
    // year before month; spaces of "Mary Ann" and of the key removed
    expect(body.encryption_data).toBe(
      sha(
        "M100A200ORD-1001USD15.00MaryAnnDoe4242424242424242203007123mary@example.comKey-0fTest"
      )
    )
    expect(result.order_status).toBe("1")
    expect(result.transaction_id).toBe("TX-1")
    expect(result.result).toEqual({ code: "0000", text: "Success" })
    expect(result.card).toBe("424242******4242")
    expect(result.risk_reasons).toEqual([])
  })

  it("keeps card data and the key out of every log line", async () => {
    const c = await client(() => ({ body: respon(approved(order)) }))
    await c.authorize(order)
    expect(lines().length).toBeGreaterThan(0)
    const all = lines().join("\n")
    expect(all).not.toContain("4242424242424242")
    expect(all).not.toContain('"123"')
    expect(all).not.toContain("Key-0f")
  })

  it.each([
    ["JPY", "1500", "1000", "500"],
    ["KWD", "1.250", "1.000", "0.250"],
  ])(
    "authorises in %s with its own minor digits",
    async (currency, amount, item_total, shipping) => {
      const o = { ...order, currency, amount, item_total, shipping }
      const c = await client(() => ({ body: respon(approved(o)) }))
      const result = await c.authorize(o)
      expect(result.amount).toBe(amount)
      expect(JSON.parse(gateway().requests[0].body).amount).toBe(amount)
    }
  )

  it("returns a decline as a result, not an error", async () => {
    const c = await client(() => ({
      body: respon(
        approved(order, {
          order_status: "0",
          result_info: "E0008:Declined by issuer",
        })
      ),
    }))
    const result = await c.authorize(order)
    expect(result.order_status).toBe("0")
    expect(result.result).toEqual({ code: "E0008", text: "Declined by issuer" })
  })

  it("refuses a forged respon before reading it", async () => {
    const forged = respon(
      approved(order),
      sha("M100A200TX-1ORD-1001USD15.0010000:Successwrong-key")
    )
    const c = await client(() => ({ body: forged }))
    const error = await c.authorize(order).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SignatureMismatchError)
    expect((error as SignatureMismatchError).message_kind).toBe("result")
    expect((error as Error).message).not.toContain(KEY)
  })

  it("refuses a correctly signed respon about another order", async () => {
    const c = await client(() => ({
      body: respon(approved({ ...order, order_no: "ORD-OTHER" })),
    }))
    await expect(c.authorize(order)).rejects.toBeInstanceOf(
      UnexpectedResponseError
    )
  })

  it("refuses a signed respon whose known field holds elements instead of text, naming it", async () => {
    const fields = approved(order)
    const xml = respon(fields).replace(
      "<risk_reasons>",
      "<risk_score><value>5</value></risk_score><risk_reasons>"
    )
    const c = await client(() => ({ body: xml }))
    const error = await c.authorize(order).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect((error as Error).message).toContain("risk_score")
  })

  it.each([
    [{ amount: "15.0" }, "amount"],
    [{ amount: "15.001" }, "amount"],
    [{ amount: "16.00" }, "amount"],
    [{ shipping: "4.9" }, "shipping"],
    [{ card: "4242" }, "card"],
    [{ expiration_month: "13" }, "expiration_month"],
    [{ currency: "XYZ" }, "currency"],
  ])(
    "refuses bad input %p naming %s, sending nothing",
    async (change, field) => {
      const c = await client(() => ({ body: respon(approved(order)) }))
      const error = await c
        .authorize({ ...order, ...change })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidInputError)
      expect((error as InvalidInputError).field).toBe(field)
      expect((error as Error).message).not.toContain("4242")
      expect(gateway().requests).toHaveLength(0)
    }
  )

  it("reports a time-out once, without retrying a payment", async () => {
    // long enough for the fake to have read the request on a loaded machine (150 ms was not, once)
    const c = await client(() => "hang", 1_000)
    const error = await c.authorize(order).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).timed_out).toBe(true)
    expect((error as TransportError).may_have_reached_gateway).toBe(true)
    expect(gateway().requests).toHaveLength(1)
  })

  it("reports a refused connection as not reaching the gateway", async () => {
    const c = createAcquiringClient({
      base_url: await closedPortUrl(),
      merchant_id: "M100",
      account_id: "A200",
      sign_key: KEY,
    })
    const error = await c.authorize(order).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).may_have_reached_gateway).toBe(false)
  })

  const checkoutOrder = {
    order_no: "ORD-2",
    currency: "JPY",
    amount: "1500",
    return_url: "https://shop.test/return",
  }
  const checkoutSignature = sha(
    "M100A200ORD-2JPY1500https://shop.test/return" + "Key-0fTest"
  )
  const page = (
    signInfo: string
  ) => `<!DOCTYPE html><html><head><title>Loading</title></head><body>
<form name="theForm" action="https://pay.test/checkout" method="post">
<input type="hidden" name="signInfo" value="${signInfo}">
<input type="hidden" name="orderNo" value="ORD-2">
</form></body></html>`

  it("checks out: signed request, the page verbatim and its parsed form", async () => {
    const html = page(checkoutSignature.toUpperCase())
    const c = await client(() => ({
      headers: { "content-type": "text/html" },
      body: html,
    }))
    const result = await c.checkout(checkoutOrder)
    expect(JSON.parse(gateway().requests[0].body).encryption_data).toBe(
      checkoutSignature
    )
    expect(gateway().requests[0].path).toBe("/v1/checkout")
    expect(result.html).toBe(html)
    expect(result.form).toMatchObject({
      name: "theForm",
      action: "https://pay.test/checkout",
      method: "post",
    })
    expect(result.form.inputs.orderNo).toBe("ORD-2")
  })

  it("refuses a checkout page that does not carry the request's signature", async () => {
    const c = await client(() => ({ body: page(sha("other")) }))
    await expect(c.checkout(checkoutOrder)).rejects.toBeInstanceOf(
      SignatureMismatchError
    )
  })

  it("maps checkout HTTP 400 and 404 to GatewayRefusedError", async () => {
    const c = await client((_req, index) =>
      index === 0
        ? {
            status: 400,
            body: {
              code: "I0061",
              source: "order_no",
              message: "Duplicate order_no",
            },
          }
        : { status: 404, body: { code: "404", message: "record not found" } }
    )
    const first = await c.checkout(checkoutOrder).catch((e: unknown) => e)
    expect(first).toBeInstanceOf(GatewayRefusedError)
    expect((first as GatewayRefusedError).code).toBe("I0061")
    const second = await c.checkout(checkoutOrder).catch((e: unknown) => e)
    expect((second as GatewayRefusedError).code).toBe("404")
  })

  const returned = { ...approved(order), payment_status: "2000" }

  it("verifies a browser return or 3-D Secure result", async () => {
    const c = await client(() => ({ body: "" }))
    const fields = {
      ...returned,
      encryption_data: resultSignature(returned).toUpperCase(),
    }
    const result = c.verifyResult(fields)
    expect(result.order_status).toBe("1")
    expect(result.result.code).toBe("0000")
    expect(() => c.verifyResult({ ...fields, amount: "1500.00" })).toThrow(
      SignatureMismatchError
    )
  })

  it("verifies a notification and refuses a forged or foreign one", async () => {
    const c = await client(() => ({ body: "" }))
    const fields = { ...returned, notify_type: "CAPTURE" }
    const signed = { ...fields, encryption_data: resultSignature(fields) }
    expect(c.verifyNotification(signed).notify_type).toBe("CAPTURE")
    expect(() =>
      c.verifyNotification({ ...signed, order_status: "0" })
    ).toThrow(SignatureMismatchError)
    expect(() =>
      c.verifyNotification({ ...signed, encryption_data: undefined })
    ).toThrow(SignatureMismatchError)
    const foreign = { ...fields, merchant_id: "M999" }
    const error = (() => {
      try {
        c.verifyNotification({
          ...foreign,
          encryption_data: resultSignature(foreign),
        })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).field).toBe("merchant_id")
  })
})
