import { parseCheckoutPage } from "../gateway/codecs/checkout-page"
import { sandboxWithReceiver } from "./__fixtures__/sandbox-with-receiver"
import {
  authorizeBody,
  get,
  nextOrderNo,
  post,
} from "./__fixtures__/test-harness"
import { checkoutBody } from "./__fixtures__/hosted-checkout"

const running = sandboxWithReceiver()

const hosted = (descriptor?: string) =>
  checkoutBody(running.receiver.url, {
    order_no: nextOrderNo("DESC"),
    amount: "42.00",
    ...(descriptor === undefined ? {} : { descriptor }),
  })

describe("the statement descriptor", () => {
  it("shows the order's descriptor on the hosted page, the sandbox's own without one", async () => {
    const asked = await post(
      `${running.sandbox.url}/v1/checkout`,
      hosted("ACME*EU 1A2B3C")
    )
    expect(parseCheckoutPage(asked.text).form.inputs.descriptor).toBe(
      "ACME*EU 1A2B3C"
    )
    const plain = await post(`${running.sandbox.url}/v1/checkout`, hosted())
    expect(parseCheckoutPage(plain.text).form.inputs.descriptor).toBe(
      "SANDBOX*ACQUIRING"
    )
  })

  it("keeps a direct payment's descriptor on its transaction", async () => {
    const body = authorizeBody({ descriptor: "ACME SHOP" })
    const answer = await post(`${running.sandbox.url}/v1/authorise`, body)
    expect(answer.status).toBe(200)
    const { transactions } = (
      await get(`${running.sandbox.url}/__sandbox/transactions`)
    ).json() as { transactions: { order_no: string; descriptor: string }[] }
    expect(
      transactions.find((tx) => tx.order_no === body.order_no)?.descriptor
    ).toBe("ACME SHOP")
  })

  it("refuses more than 22 characters or characters a statement cannot print (E0001)", async () => {
    const long = await post(
      `${running.sandbox.url}/v1/checkout`,
      hosted("A".repeat(23))
    )
    expect(long.json()).toMatchObject({
      code: "E0001",
      source: "descriptor",
      message: "E0001:descriptor is longer than 22 characters",
    })
    const odd = await post(
      `${running.sandbox.url}/v1/checkout`,
      hosted("Café <b>")
    )
    expect(odd.json()).toMatchObject({ code: "E0001", source: "descriptor" })
  })
})
