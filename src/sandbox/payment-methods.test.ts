import { sandboxWithReceiver } from "./__fixtures__/sandbox-with-receiver"
import {
  accessibilityProblems,
  checkoutBody,
  formEndingWith,
  openHostedPage,
  queryEntry,
  returnFields,
  submit,
} from "./__fixtures__/hosted-checkout"
import {
  authorizeBody,
  expectedResultSignature,
  post,
  testSign,
  waitFor,
} from "./__fixtures__/test-harness"

const running = sandboxWithReceiver()

const optimiseBody = (amount: string) => ({
  merchant_id: "M100",
  account_id: "A200",
  request_id: "req-methods",
  currency: "EUR",
  amount,
  shopper_email: "ada@example.com",
  encryption_data: testSign(
    "M100",
    "A200",
    "req-methods",
    "EUR",
    amount,
    "ada@example.com"
  ),
})

const paymentNotification = (orderNo: unknown) =>
  waitFor(() =>
    running.receiver.received.find(
      (r) => r.fields.notify_type === "PAYMENT" && r.fields.order_no === orderNo
    )
  )

const transactionCount = () =>
  running.sandbox.state
    .allLedgers()
    .reduce((count, ledger) => count + ledger.transactions.size, 0)

describe("optimise and checkout offer the same methods", () => {
  it.each([
    ["99.99", ["CARD", "WALLET"]],
    ["100.00", ["CARD", "WALLET", "BANK_TRANSFER"]],
  ])("for %s EUR: %j", async (amount, expected) => {
    const optimised = (
      await post(`${running.sandbox.url}/v1/optimise`, optimiseBody(amount))
    ).json()
    expect(optimised.payment_methods).toEqual(
      [
        {
          payment_method: "CARD",
          display_name: "Credit or debit card",
          rank: "1",
        },
        { payment_method: "WALLET", display_name: "Digital wallet", rank: "2" },
        {
          payment_method: "BANK_TRANSFER",
          display_name: "Bank transfer",
          rank: "3",
        },
      ].slice(0, expected.length)
    )
    for (const code of ["CARD", "WALLET", "BANK_TRANSFER"]) {
      const answer = await post(
        `${running.sandbox.url}/v1/checkout`,
        checkoutBody(running.receiver.url, { amount, payment_method: code })
      )
      expect([code, answer.status]).toEqual([
        code,
        expected.includes(code) ? 200 : 400,
      ])
    }
  })
})

describe("a checkout's payment_method", () => {
  it("not offered or not a code: HTTP 400 E0001 naming payment_method, and nothing opened", async () => {
    const before = transactionCount()
    const refused = checkoutBody(running.receiver.url, {
      amount: "42.00",
      payment_method: "BANK_TRANSFER",
    })
    const answer = await post(`${running.sandbox.url}/v1/checkout`, refused)
    expect(answer.status).toBe(400)
    expect(answer.json()).toEqual({
      code: "E0001",
      source: "payment_method",
      message:
        "E0001:payment_method BANK_TRANSFER is not offered for 42.00 EUR: one of CARD, WALLET, or empty for all of them",
    })
    for (const code of ["PAYPAL", "card"]) {
      const other = await post(
        `${running.sandbox.url}/v1/checkout`,
        checkoutBody(running.receiver.url, { payment_method: code })
      )
      expect(other.status).toBe(400)
      expect(other.json()).toMatchObject({
        code: "E0001",
        source: "payment_method",
      })
    }
    expect(transactionCount()).toBe(before)
    // the order number was not used up: the same order opens without the method
    const { payment_method: _refused, ...order } = refused
    const retried = await post(`${running.sandbox.url}/v1/checkout`, order)
    expect(retried.status).toBe(200)
  })

  it("is carried as payment_method and APMType, and the page opens on it", async () => {
    const { inputs, page } = await openHostedPage(
      running.sandbox.url,
      checkoutBody(running.receiver.url, { payment_method: "WALLET" })
    )
    expect(inputs).toMatchObject({
      payment_method: "WALLET",
      APMType: "WALLET",
    })
    expect(page.status).toBe(200)
    expect(page.text).toContain("<h1>Pay with your wallet</h1>")
    // the checkout chose: no card form, no other method
    expect(formEndingWith(page, "/pay")).toBeUndefined()
    expect(formEndingWith(page, "/transfer", "get")).toBeUndefined()
    expect(formEndingWith(page, "/cancel")).toBeDefined()
  })

  it("empty: the card form first, with a button to each other offered method", async () => {
    const large = await openHostedPage(
      running.sandbox.url,
      checkoutBody(running.receiver.url)
    )
    expect(large.inputs).toMatchObject({ payment_method: "", APMType: "" })
    expect(formEndingWith(large.page, "/pay")).toBeDefined()
    expect(formEndingWith(large.page, "/wallet", "get")).toBeDefined()
    expect(formEndingWith(large.page, "/transfer", "get")).toBeDefined()
    expect(large.page.text).toContain("Pay by bank transfer")

    const small = await openHostedPage(
      running.sandbox.url,
      checkoutBody(running.receiver.url, { amount: "42.00" })
    )
    expect(formEndingWith(small.page, "/wallet", "get")).toBeDefined()
    expect(formEndingWith(small.page, "/transfer", "get")).toBeUndefined()
    // and a transfer asked for by hand is refused
    const token = String(formEndingWith(small.page, "/pay")).split("/")[2]
    const forced = await post(
      `${running.sandbox.url}/checkout/${token}/transfer`,
      {},
      "form"
    )
    expect(forced.status).toBe(400)
    expect(forced.text).toContain("Payment method not available")
  })

  it("every method's page is accessible: language, title, one h1, labels, named buttons", async () => {
    const { page } = await openHostedPage(
      running.sandbox.url,
      checkoutBody(running.receiver.url)
    )
    const wallet = await submit(running.sandbox.url, page, "/wallet", "get")
    const transfer = await submit(running.sandbox.url, page, "/transfer", "get")
    for (const shown of [page, wallet, transfer]) {
      expect(shown.status).toBe(200)
      expect(accessibilityProblems(shown.text)).toEqual([])
    }
    expect(wallet.text).toContain("<title>Pay with your wallet</title>")
    expect(transfer.text).toContain("<title>Pay by bank transfer</title>")
  })
})

describe("paying with the wallet", () => {
  it("is authorised without 3-D Secure, WALLET in the browser return, the notification and the query", async () => {
    const body = checkoutBody(running.receiver.url, {
      amount: "42.00",
      payment_method: "WALLET",
    })
    const { page } = await openHostedPage(running.sandbox.url, body)
    const paid = await submit(running.sandbox.url, page, "/wallet")
    expect(paid.status).toBe(303)
    const location = String(paid.headers.get("location"))
    expect(location.startsWith(`${running.receiver.url}/return?`)).toBe(true)
    const fields = returnFields(paid)
    expect(fields).toMatchObject({
      order_no: body.order_no,
      amount: "42.00",
      currency: "EUR",
      payment_method: "WALLET",
      card: "424242******4242",
      order_status: "1",
      payment_status: "2000",
      result_info: "0000:Success",
      threeds_result: "",
      token_id: "",
    })
    expect(fields.encryption_data).toBe(expectedResultSignature(fields))

    const note = await paymentNotification(body.order_no)
    expect(note.fields).toMatchObject({
      payment_method: "WALLET",
      order_status: "1",
      payment_status: "2000",
      card: "424242******4242",
      threeds_result: "",
    })
    expect(note.fields.encryption_data).toBe(
      expectedResultSignature(note.fields)
    )
    expect(
      await queryEntry(running.sandbox.url, fields.transaction_id)
    ).toMatchObject({
      payment_method: "WALLET",
      payment_status: "2000",
    })
    // the wallet authenticated the shopper: no challenge was opened
    expect(
      running.sandbox
        .requests()
        .filter((r) => r.operation.startsWith("challenge"))
    ).toEqual([])
    expect(
      running.sandbox.state.findAnywhere(fields.transaction_id)
    ).toMatchObject({
      is3ds: false,
      state: "authorised",
    })
  })

  it("can be chosen on a checkout that left the choice open, and then captured like a card", async () => {
    const body = checkoutBody(running.receiver.url, { amount: "42.00" })
    const { page } = await openHostedPage(running.sandbox.url, body)
    const walletPage = await submit(running.sandbox.url, page, "/wallet", "get")
    const fields = returnFields(
      await submit(running.sandbox.url, walletPage, "/wallet")
    )
    expect(fields).toMatchObject({
      payment_method: "WALLET",
      order_status: "1",
    })
    const capture = await post(`${running.sandbox.url}/v1/capture`, {
      merchant_id: "M100",
      account_id: "A200",
      capture_orders: [
        {
          transaction_id: fields.transaction_id,
          currency: "EUR",
          amount: "42.00",
        },
      ],
      encryption_data: testSign("M100", "A200", fields.transaction_id),
    })
    expect(capture.json().capture_orders[0].capture_status).toBe("1")
    expect(
      await queryEntry(running.sandbox.url, fields.transaction_id)
    ).toMatchObject({
      payment_method: "WALLET",
      payment_status: "3000",
    })
  })

  it("is refused on a checkout that asked for cards, which can still be cancelled", async () => {
    const body = checkoutBody(running.receiver.url, { payment_method: "CARD" })
    const { page } = await openHostedPage(running.sandbox.url, body)
    expect(formEndingWith(page, "/wallet", "get")).toBeUndefined()
    const token = String(formEndingWith(page, "/pay")).split("/")[2]
    const wallet = await post(
      `${running.sandbox.url}/checkout/${token}/wallet`,
      {},
      "form"
    )
    expect(wallet.status).toBe(400)
    const canceled = await submit(running.sandbox.url, page, "/cancel")
    expect(
      String(canceled.headers.get("location")).startsWith(
        `${running.receiver.url}/cancel?`
      )
    ).toBe(true)
    expect(returnFields(canceled)).toMatchObject({
      order_no: body.order_no,
      payment_method: "CARD",
      order_status: "0",
      payment_status: "1100",
    })
  })

  it("cancel works on the wallet page too", async () => {
    const body = checkoutBody(running.receiver.url, {
      payment_method: "WALLET",
    })
    const { page } = await openHostedPage(running.sandbox.url, body)
    const fields = returnFields(
      await submit(running.sandbox.url, page, "/cancel")
    )
    expect(fields).toMatchObject({
      payment_method: "WALLET",
      order_status: "0",
      payment_status: "1100",
      result_info: "E0005:Cancelled by the shopper",
    })
  })

  it("a direct payment is a card in its respon", async () => {
    const answer = await post(
      `${running.sandbox.url}/v1/authorise`,
      authorizeBody()
    )
    expect(answer.text).toContain("<payment_method>CARD</payment_method>")
  })
})
