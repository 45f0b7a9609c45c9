/**
 * Driving the hosted checkout as a browser does, for the sandbox's hosted
 * page and payment-method tests: a signed checkout (signature from literal values), theForm
 * posted, a page's forms followed, the browser return read, and the
 * status query. Not used by the sandbox itself.
 */
import { parse } from "node-html-parser"
import { parseCheckoutPage } from "../../gateway/codecs/checkout-page"
import {
  get,
  nextOrderNo,
  post,
  testSign,
  type HttpAnswer,
} from "./test-harness"

/** A signed checkout request; payment_method is sent outside the signature. */
export function checkoutBody(
  receiverUrl: string,
  overrides: Record<string, unknown> = {}
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    merchant_id: "M100",
    account_id: "A200",
    order_no: nextOrderNo("METHOD"),
    currency: "EUR",
    amount: "150.00",
    return_url: `${receiverUrl}/return`,
    cancel_url: `${receiverUrl}/cancel`,
    notify_url: receiverUrl,
    shopper_email: "ada@example.com",
    open3d: "do3DS",
    ...overrides,
  }
  const v = (name: string) => String(body[name] ?? "")
  body.encryption_data ??= testSign(
    v("merchant_id"),
    v("account_id"),
    v("order_no"),
    v("currency"),
    v("amount"),
    v("return_url")
  )
  return body
}

/** A signed checkout with the hosted-page tests' shopper and basket. */
export const basketCheckoutBody = (
  receiverUrl: string,
  overrides: Record<string, unknown> = {}
) =>
  checkoutBody(receiverUrl, {
    order_no: nextOrderNo("HOSTED"),
    amount: "42.00",
    first_name: "Ada",
    last_name: "Lovelace",
    billing_country: "GB",
    delivery_city: "London",
    items: "Tea#,#T1#,#21.00#,#2",
    ...overrides,
  })

/** POST /v1/checkout with that basket: the page the service answers (an HTML page, else a throw). */
export async function openBasketCheckout(
  sandboxUrl: string,
  receiverUrl: string,
  overrides: Record<string, unknown> = {}
) {
  const body = basketCheckoutBody(receiverUrl, overrides)
  const answer = await post(`${sandboxUrl}/v1/checkout`, body)
  if (
    answer.status !== 200 ||
    !/text\/html/.test(answer.headers.get("content-type") ?? "")
  )
    throw new Error(`checkout answered ${answer.status}: ${answer.text}`)
  return { body, page: parseCheckoutPage(answer.text) }
}

/** POST /v1/checkout, then theForm as the browser submits it: the hosted page's first page. */
export async function openHostedPage(
  sandboxUrl: string,
  body: Record<string, unknown>
) {
  const answer = await post(`${sandboxUrl}/v1/checkout`, body)
  if (answer.status !== 200)
    throw new Error(`checkout answered ${answer.status}: ${answer.text}`)
  const checkout = parseCheckoutPage(answer.text)
  const page = await post(checkout.form.action, checkout.form.inputs, "form")
  return { inputs: checkout.form.inputs, page }
}

/** The form of a page whose action ends with `suffix` (and has that method). */
export function formEndingWith(
  page: HttpAnswer,
  suffix: string,
  method: "get" | "post" = "post"
): string | undefined {
  const form = parse(page.text)
    .querySelectorAll("form")
    .find(
      (f) =>
        (f.getAttribute("method") ?? "get").toLowerCase() === method &&
        String(f.getAttribute("action")).endsWith(suffix)
    )
  return form?.getAttribute("action")
}

/** Submits the page's form whose action ends with `suffix`, as a browser would. */
export async function submit(
  sandboxUrl: string,
  page: HttpAnswer,
  suffix: string,
  method: "get" | "post" = "post"
): Promise<HttpAnswer> {
  const action = formEndingWith(page, suffix, method)
  if (!action) throw new Error(`no ${method} form ending with ${suffix}`)
  return method === "get"
    ? get(`${sandboxUrl}${action}`)
    : post(`${sandboxUrl}${action}`, {}, "form")
}

/** The signed fields of a browser return (a 303's Location). */
export function returnFields(answer: HttpAnswer): Record<string, string> {
  return Object.fromEntries(
    new URL(String(answer.headers.get("location"))).searchParams
  )
}

/** The retrievalTrans entry of a transaction. */
export async function queryEntry(
  sandboxUrl: string,
  transactionId: string
): Promise<Record<string, string>> {
  const answer = await post(
    `${sandboxUrl}/v1/retrievalTrans`,
    {
      merchant_id: "M100",
      account_id: "A200",
      trades: transactionId,
      encryption_data: testSign("M100", "A200"),
    },
    "form"
  )
  return answer.json().orders_list[0]
}

/** Every text input has a label, and the page has a language, a title and one h1. */
export function accessibilityProblems(html: string): string[] {
  const root = parse(html)
  const problems: string[] = []
  if (!root.querySelector("html")?.getAttribute("lang")) problems.push("lang")
  if (!root.querySelector("title")?.text.trim()) problems.push("title")
  if (root.querySelectorAll("h1").length !== 1) problems.push("one h1")
  for (const input of root.querySelectorAll("input")) {
    if (input.getAttribute("type") === "hidden") continue
    const id = input.getAttribute("id")
    if (!id || !root.querySelector(`label[for="${id}"]`))
      problems.push(`label for ${input.getAttribute("name")}`)
  }
  for (const button of root.querySelectorAll("button"))
    if (button.text.trim() === "") problems.push("button without a name")
  return problems
}
