import { parse } from "node-html-parser"
import { parseResponXml } from "../gateway/codecs/xml-result"
import { sandboxWithReceiver } from "./__fixtures__/sandbox-with-receiver"
import {
  authorizeBody,
  expectedResultSignature,
  get,
  post,
  testSign,
  waitFor,
} from "./__fixtures__/test-harness"
import {
  basketCheckoutBody,
  openBasketCheckout,
} from "./__fixtures__/hosted-checkout"

const running = sandboxWithReceiver()

const checkoutBody = (overrides: Record<string, unknown> = {}) =>
  basketCheckoutBody(running.receiver.url, overrides)
const openCheckout = (overrides: Record<string, unknown> = {}) =>
  openBasketCheckout(running.sandbox.url, running.receiver.url, overrides)

/** Posts theForm as the browser would, then the card form of the hosted page. */
async function payOnHostedPage(
  inputs: Record<string, string>,
  action: string,
  card: Record<string, string>
) {
  const cardPage = await post(action, inputs, "form")
  expect(cardPage.status).toBe(200)
  const form = parse(cardPage.text)
    .querySelectorAll("form")
    .find((f) => f.getAttribute("action")?.endsWith("/pay"))!
  return post(
    `${running.sandbox.url}${form.getAttribute("action")}`,
    card,
    "form"
  )
}

const CARD = {
  card: "4242424242424242",
  expiration_month: "12",
  expiration_year: "2031",
  security_code: "123",
}
const fieldsOf = (location: string | null) =>
  Object.fromEntries(new URL(String(location)).searchParams)

describe("hosted payment page", () => {
  it("takes a card and sends the shopper to return_url with the signed result", async () => {
    const { body, page } = await openCheckout()
    const paid = await payOnHostedPage(page.form.inputs, page.form.action, CARD)
    expect(paid.status).toBe(303)
    const location = paid.headers.get("location")
    expect(String(location).startsWith(`${running.receiver.url}/return?`)).toBe(
      true
    )
    const fields = fieldsOf(location)
    expect(fields).toMatchObject({
      order_no: body.order_no,
      order_status: "1",
      payment_status: "2000",
      card: "424242******4242",
      amount: "42.00",
      currency: "EUR",
    })
    expect(fields.encryption_data).toBe(expectedResultSignature(fields))
    const followed = await get(String(location))
    expect(followed.status).toBe(200)
    expect(
      running.receiver.received.some(
        (r) =>
          r.fields.notify_type === "PAYMENT" &&
          r.fields.order_no === body.order_no
      )
    ).toBe(true)
    // the hosted page never keeps the card either
    expect(JSON.stringify(running.sandbox.requests())).not.toContain(
      "4242424242424242"
    )
    // a second card for the same payment is refused
    const again = await post(page.form.action, page.form.inputs, "form")
    expect(again.status).toBe(409)
    expect(again.text).toContain("Payment already processed")
  })

  it("declines on the page and returns order_status 0", async () => {
    const { page } = await openCheckout()
    const paid = await payOnHostedPage(page.form.inputs, page.form.action, {
      ...CARD,
      card: "4000000000009995",
    })
    expect(fieldsOf(paid.headers.get("location"))).toMatchObject({
      order_status: "0",
      payment_status: "1000",
    })
  })

  it("runs the 3-D Secure challenge before returning", async () => {
    const { page } = await openCheckout()
    const paid = await payOnHostedPage(page.form.inputs, page.form.action, {
      ...CARD,
      card: "4000002500003155",
    })
    expect(paid.status).toBe(303)
    const challengeUrl = String(paid.headers.get("location"))
    expect(challengeUrl).toMatch(/\/3ds\/challenge\/[0-9a-f]{32}$/)
    const done = await post(
      `${challengeUrl}/complete`,
      { outcome: "pass" },
      "form"
    )
    expect(fieldsOf(done.headers.get("location"))).toMatchObject({
      order_status: "1",
      threeds_result: "AUTHENTICATED",
    })
  })

  it("re-shows the page for a card failing Luhn without echoing it", async () => {
    const { page } = await openCheckout()
    const cardPage = await post(page.form.action, page.form.inputs, "form")
    const form = parse(cardPage.text)
      .querySelectorAll("form")
      .find((f) => f.getAttribute("action")?.endsWith("/pay"))!
    const bad = await post(
      `${running.sandbox.url}${form.getAttribute("action")}`,
      { ...CARD, card: "4242424242424241" },
      "form"
    )
    expect(bad.status).toBe(400)
    expect(bad.text).toContain("card fails the Luhn check")
    expect(bad.text).not.toContain("4242424242424241")
  })

  it("sends the shopper to cancel_url when they give up", async () => {
    const { body, page } = await openCheckout()
    const cardPage = await post(page.form.action, page.form.inputs, "form")
    const cancelForm = parse(cardPage.text)
      .querySelectorAll("form")
      .find((f) => f.getAttribute("action")?.endsWith("/cancel"))!
    const canceled = await post(
      `${running.sandbox.url}${cancelForm.getAttribute("action")}`,
      {},
      "form"
    )
    const location = String(canceled.headers.get("location"))
    expect(location.startsWith(`${running.receiver.url}/cancel?`)).toBe(true)
    const fields = fieldsOf(location)
    expect(fields).toMatchObject({
      order_no: body.order_no,
      order_status: "0",
      payment_status: "1100",
    })
    expect(fields.encryption_data).toBe(expectedResultSignature(fields))
  })

  it("starts the subscription a checkout carries once the card on the page is approved, and names it in the result", async () => {
    const { body, page } = await openCheckout({
      subscription: {
        contract_name: "Tea club",
        contract_amount: "12.50",
        interval: "month",
        interval_count: "1",
      },
    })
    const paid = await payOnHostedPage(page.form.inputs, page.form.action, CARD)
    const fields = fieldsOf(paid.headers.get("location"))
    expect(fields).toMatchObject({
      order_no: body.order_no,
      order_status: "1",
      contract_name: "Tea club",
      recurring_deduction_period: "1 month",
    })
    expect(fields.recurring_id).toMatch(/^RC[0-9A-F]{12}$/)
    const note = await waitFor(() =>
      running.receiver.received.find(
        (r) =>
          r.fields.notify_type === "PAYMENT" &&
          r.fields.order_no === body.order_no
      )
    )
    expect(note.fields.recurring_id).toBe(fields.recurring_id)
    const kept = await get(
      `${running.sandbox.url}/__sandbox/subscriptions/${fields.recurring_id}`
    )
    expect(kept.status).toBe(200)
    expect(kept.text).toContain('"contract_amount":"12.50"')
  })

  it("keeps the card typed on the page when the checkout asked to (token_flag YES)", async () => {
    const { body, page } = await openCheckout({ token_flag: "YES" })
    // the page carries the flag under both names
    expect(page.form.inputs).toMatchObject({ token: "YES", token_flag: "YES" })
    const cardPage = await post(page.form.action, page.form.inputs, "form")
    expect(cardPage.text).toContain("keep this card")
    const paid = await payOnHostedPage(page.form.inputs, page.form.action, {
      ...CARD,
      card: "4000056655665556",
    })
    const fields = fieldsOf(paid.headers.get("location"))
    expect(fields).toMatchObject({
      order_no: body.order_no,
      order_status: "1",
      card: "400005******5556",
    })
    expect(fields.token_id).toMatch(/^tok_[a-z]{32}$/)
    expect(fields.encryption_data).toBe(expectedResultSignature(fields))
    const note = await waitFor(() =>
      running.receiver.received.find(
        (r) =>
          r.fields.notify_type === "PAYMENT" &&
          r.fields.order_no === body.order_no
      )
    )
    expect(note.fields.token_id).toBe(fields.token_id)

    // the stored card then pays directly, with the card fields empty
    const direct = parseResponXml(
      (
        await post(
          `${running.sandbox.url}/v1/authorise`,
          authorizeBody({
            card: "",
            expiration_month: "",
            expiration_year: "",
            security_code: "",
            token_id: fields.token_id,
          })
        )
      ).text
    )
    expect(direct).toMatchObject({
      order_status: "1",
      card: "400005******5556",
    })
  })

  it("keeps the card after a passed challenge on the hosted page", async () => {
    const { page } = await openCheckout({ token_flag: "YES" })
    const paid = await payOnHostedPage(page.form.inputs, page.form.action, {
      ...CARD,
      card: "4000002500003155",
    })
    const done = await post(
      `${String(paid.headers.get("location"))}/complete`,
      { outcome: "pass" },
      "form"
    )
    expect(fieldsOf(done.headers.get("location")).token_id).toMatch(/^tok_/)
  })

  it("keeps nothing without token_flag YES, whatever the shopper's form says", async () => {
    const { page } = await openCheckout({ token_flag: "NO" })
    const before = running.sandbox.storedCards().length
    const paid = await payOnHostedPage(
      { ...page.form.inputs, token_flag: "YES", token: "YES" },
      page.form.action,
      CARD
    )
    const fields = fieldsOf(paid.headers.get("location"))
    expect(fields).toMatchObject({ order_status: "1", token_id: "" })
    expect(running.sandbox.storedCards()).toHaveLength(before)
  })

  it("refuses a token_id or an unknown token_flag on the checkout (E0001)", async () => {
    const token = await post(
      `${running.sandbox.url}/v1/checkout`,
      checkoutBody({ token_id: "tok_abc" })
    )
    expect(token.status).toBe(400)
    expect(token.json()).toMatchObject({
      code: "E0001",
      source: "token_id",
      message:
        "E0001:token_id must be empty: a stored card pays by direct payment (/v1/authorise)",
    })
    const flag = await post(
      `${running.sandbox.url}/v1/checkout`,
      checkoutBody({ token_flag: "Y" })
    )
    expect(flag.json()).toMatchObject({ code: "E0001", source: "token_flag" })
  })

  it("refuses a form whose signInfo was altered", async () => {
    const { page } = await openCheckout()
    const altered = await post(
      page.form.action,
      { ...page.form.inputs, signInfo: testSign("altered") },
      "form"
    )
    expect(altered.status).toBe(400)
    expect(altered.text).toContain("Payment form altered")
  })
})
