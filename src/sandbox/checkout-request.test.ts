import { sandboxWithReceiver } from "./__fixtures__/sandbox-with-receiver"
import { post, testSign } from "./__fixtures__/test-harness"
import {
  basketCheckoutBody,
  openBasketCheckout,
} from "./__fixtures__/hosted-checkout"

const running = sandboxWithReceiver()

const checkoutBody = (overrides: Record<string, unknown> = {}) =>
  basketCheckoutBody(running.receiver.url, overrides)
const openCheckout = (overrides: Record<string, unknown> = {}) =>
  openBasketCheckout(running.sandbox.url, running.receiver.url, overrides)

describe("POST /v1/checkout", () => {
  it("answers the page of the interface document", async () => {
    const { body, page } = await openCheckout()
    expect(page.html).toContain("<title>Loading")
    expect(page.form).toMatchObject({
      name: "theForm",
      method: "post",
      action: `${running.sandbox.url}/checkout`,
    })
    const staticNames = [
      "gbc_id",
      "connector_code",
      "account_name",
      "website",
      "pm_id",
      "apm_type",
      "descriptor",
      "orderprefix",
      "rrtimezone",
      "ordernumlength",
      "sendbgoods",
      "replacename",
      "send_bank_website",
      "replace_up_id",
      "replace_match_address",
      "to_pass_page",
    ]
    const serviceNames = [
      "signInfo",
      "encryption_data",
      "allParams",
      "source_request_ip",
      "source_notify_url",
      "returnUrl",
      "return_url",
      "cancelUrl",
      "cancel_url",
      "verifyBillingAddress",
      "verify_billing_address",
      "merSendLogoNo",
      "logo_name",
      "APMType",
      "payment_method",
      "paymentToken",
      "cardType",
      "card_type",
    ]
    for (const name of [...staticNames, ...serviceNames])
      expect(page.form.inputs).toHaveProperty(name)
    const inputs = page.form.inputs
    expect(inputs).toMatchObject({
      orderNo: body.order_no,
      order_no: body.order_no,
      orderCurrency: "EUR",
      currency: "EUR",
      orderAmount: "42.00",
      amount: "42.00",
      merNo: "M100",
      merchant_id: "M100",
      gatewayNo: "A200",
      account_id: "A200",
      country: "GB",
      billing_country: "GB",
      shipCity: "London",
      delivery_city: "London",
      goodsInfo: "Tea#,#T1#,#21.00#,#2",
      isOpen3D: "do3DS",
      notifyUrl: running.receiver.url,
      signInfo: body.encryption_data,
      encryption_data: body.encryption_data,
      returnUrl: `${running.receiver.url}/return`,
      cancelUrl: `${running.receiver.url}/cancel`,
      source_request_ip: "127.0.0.1",
    })
    expect(new URLSearchParams(inputs.allParams).get("order_no")).toBe(
      body.order_no
    )
  })

  it("refuses with HTTP 400 {code, source, message}: signature, duplicate, missing return_url, card data", async () => {
    const wrong = await post(
      `${running.sandbox.url}/v1/checkout`,
      checkoutBody({ encryption_data: testSign("x") })
    )
    expect(wrong.status).toBe(400)
    expect(wrong.json()).toMatchObject({
      code: "I0013",
      source: "encryption_data",
    })
    const { body } = await openCheckout()
    const dup = await post(
      `${running.sandbox.url}/v1/checkout`,
      checkoutBody({ order_no: body.order_no })
    )
    expect(dup.json()).toMatchObject({ code: "I0061", source: "order_no" })
    const noReturn = await post(
      `${running.sandbox.url}/v1/checkout`,
      checkoutBody({ return_url: "" })
    )
    expect(noReturn.json()).toMatchObject({
      code: "E0001",
      source: "return_url",
      message: "E0001:return_url is required",
    })
    const card = await post(
      `${running.sandbox.url}/v1/checkout`,
      checkoutBody({ card: "4242424242424242" })
    )
    expect(card.json()).toMatchObject({ code: "E0001", source: "card" })
    expect(JSON.stringify(running.sandbox.requests())).not.toContain(
      "4242424242424242"
    )
  })
})
