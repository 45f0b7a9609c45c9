/**
 * Support for the sandbox's tests: raw HTTP calls, signatures computed here
 * with node:crypto (never with the sandbox's signer), and a loopback
 * receiver for notifications. Not used by the sandbox itself.
 */
import { createHash } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { encodeForm, type FormValue } from "../../gateway/codecs/form"

export const TEST_ACCOUNT = {
  merchant_id: "M100",
  account_id: "A200",
  sign_key: "Test Key 42",
} as const
/** the key as hashed: every space removed */
const KEY = "TestKey42"

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex")
}

/** Signature over literal values with the test key, spaces removed. */
export function testSign(...values: string[]): string {
  return sha256Hex((values.join("") + KEY).replace(/ /g, ""))
}

export interface HttpAnswer {
  status: number
  text: string
  headers: Headers
  json: () => Record<string, any>
}

export async function post(
  url: string,
  body: Record<string, unknown> | string,
  encoding: "json" | "form" = "json"
): Promise<HttpAnswer> {
  const payload =
    typeof body === "string"
      ? body
      : encoding === "json"
        ? JSON.stringify(body)
        : encodeForm(body as Record<string, FormValue>)
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type":
        encoding === "json"
          ? "application/json"
          : "application/x-www-form-urlencoded",
    },
    body: payload,
    redirect: "manual",
  })
  const text = await response.text()
  return {
    status: response.status,
    text,
    headers: response.headers,
    json: () => JSON.parse(text),
  }
}

export async function get(url: string): Promise<HttpAnswer> {
  const response = await fetch(url, { redirect: "manual" })
  const text = await response.text()
  return {
    status: response.status,
    text,
    headers: response.headers,
    json: () => JSON.parse(text),
  }
}

let orderCounter = 0
export function nextOrderNo(prefix = "ORD"): string {
  orderCounter += 1
  return `${prefix}-${process.pid}-${orderCounter}`
}

/** A signed direct payment request; the signature is computed from the literal recipe order. */
export function authorizeBody(
  overrides: Record<string, unknown> = {}
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    merchant_id: TEST_ACCOUNT.merchant_id,
    account_id: TEST_ACCOUNT.account_id,
    order_no: nextOrderNo(),
    currency: "USD",
    amount: "15.00",
    first_name: "Ada",
    last_name: "Lovelace",
    card: "4242424242424242",
    expiration_month: "12",
    expiration_year: "2030",
    security_code: "123",
    shopper_email: "ada@example.com",
    ...overrides,
  }
  const v = (name: string) =>
    body[name] === undefined ? "" : String(body[name])
  body.encryption_data = testSign(
    v("merchant_id"),
    v("account_id"),
    v("order_no"),
    v("currency"),
    v("amount"),
    v("first_name"),
    v("last_name"),
    v("card"),
    v("expiration_year"),
    v("expiration_month"),
    v("security_code"),
    v("shopper_email")
  )
  return body
}

/** A signed batch request (capture, cancel, review, refund). */
export function batchBody(
  listField: string,
  entries: Record<string, unknown>[]
): Record<string, unknown> {
  return {
    merchant_id: TEST_ACCOUNT.merchant_id,
    account_id: TEST_ACCOUNT.account_id,
    [listField]: entries,
    encryption_data: testSign(
      TEST_ACCOUNT.merchant_id,
      TEST_ACCOUNT.account_id,
      ...entries.map((e) => String(e.transaction_id ?? ""))
    ),
  }
}

/**
 * The expected signature of a result / notification, from its own fields;
 * `appended` names fields signed after the result's (a chargeback's).
 */
export function expectedResultSignature(
  fields: Record<string, unknown>,
  appended: readonly string[] = []
): string {
  const v = (name: string) =>
    fields[name] === undefined ? "" : String(fields[name])
  return testSign(
    v("merchant_id"),
    v("account_id"),
    v("transaction_id"),
    v("order_no"),
    v("currency"),
    v("amount"),
    v("order_status"),
    v("result_info"),
    ...appended.map(v)
  )
}

export interface ReceivedPost {
  path: string
  contentType: string
  fields: Record<string, string>
}

/**
 * A loopback HTTP receiver answering the given statuses in turn, then 200.
 * `arrival` resolves with the first POST, received already or when it comes,
 * that matches; it rejects when none has come within `timeoutMs`.
 */
export async function startReceiver(statuses: number[] = []): Promise<{
  url: string
  received: ReceivedPost[]
  arrival: (
    matches: (post: ReceivedPost) => boolean,
    timeoutMs?: number
  ) => Promise<ReceivedPost>
  close: () => Promise<void>
}> {
  const received: ReceivedPost[] = []
  const waiting = new Set<(post: ReceivedPost) => boolean>()
  const queue = [...statuses]
  const server: Server = createServer((req, res) => {
    let raw = ""
    req.setEncoding("utf8")
    req.on("data", (chunk) => (raw += chunk))
    req.on("end", () => {
      const post: ReceivedPost = {
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        fields: Object.fromEntries(new URLSearchParams(raw)),
      }
      received.push(post)
      res.statusCode = queue.shift() ?? 200
      res.end("ok")
      for (const waiter of waiting) if (waiter(post)) waiting.delete(waiter)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  const arrival = (
    matches: (post: ReceivedPost) => boolean,
    timeoutMs = 30_000
  ) =>
    new Promise<ReceivedPost>((resolve, reject) => {
      const already = received.find(matches)
      if (already) return resolve(already)
      const timer = setTimeout(() => {
        waiting.delete(waiter)
        reject(new Error("no matching POST arrived in time"))
      }, timeoutMs)
      const waiter = (post: ReceivedPost) => {
        if (!matches(post)) return false
        clearTimeout(timer)
        resolve(post)
        return true
      }
      waiting.add(waiter)
    })
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    arrival,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function waitFor<T>(
  probe: () => T | undefined | false,
  timeoutMs = 30_000
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
