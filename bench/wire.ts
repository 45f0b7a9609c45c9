/**
 * Prebuilt signed messages and a small keep-alive HTTP poster, so that the
 * baselines do nothing but the exchange itself.
 */
import { Agent, request } from "node:http"
import { signMessage } from "../src/gateway"
import { DEFAULT_SANDBOX_ACCOUNT } from "../src/sandbox"

const account = DEFAULT_SANDBOX_ACCOUNT
let sequence = 0

export function orderInput(): Record<string, string> {
  sequence += 1
  return {
    order_no: `bench-${process.pid}-${sequence}`,
    currency: "USD",
    amount: "25.00",
    first_name: "Ada",
    last_name: "Lovelace",
    card: "4242424242424242",
    expiration_year: "2030",
    expiration_month: "12",
    security_code: "123",
    shopper_email: "ada@example.com",
  }
}

/** The message the client would send for this order: account added, signed. */
export function signedAuthorize(order = orderInput()): string {
  const message: Record<string, unknown> = {
    ...order,
    merchant_id: account.merchant_id,
    account_id: account.account_id,
  }
  message.encryption_data = signMessage("authorise", message, account.sign_key)
  return JSON.stringify(message)
}

export type Entry = {
  transaction_id: string
  amount: string
  currency: string
}

export function signedBatch(
  kind: "capture" | "refund",
  entries: Record<string, unknown>[]
): string {
  const message: Record<string, unknown> = {
    [`${kind}_orders`]: entries,
    merchant_id: account.merchant_id,
    account_id: account.account_id,
  }
  message.encryption_data = signMessage(kind, message, account.sign_key)
  return JSON.stringify(message)
}

/** POSTs with keep-alive connections, at most `sockets` at once. */
export function poster(base: string, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  const url = new URL(base)
  const post = (path: string, body: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on("data", (c: Buffer) => chunks.push(c))
          res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
        }
      )
      req.on("error", reject)
      req.end(body)
    })
  /** Sends every body, `sockets` in flight at a time. */
  const all = async (path: string, bodies: string[]) => {
    const answers: string[] = new Array(bodies.length)
    let next = 0
    await Promise.all(
      Array.from({ length: sockets }, async () => {
        while (next < bodies.length) {
          const at = next++
          answers[at] = await post(path, bodies[at])
        }
      })
    )
    return answers
  }
  return { post, all, close: () => agent.destroy() }
}

/** Authorises `count` orders in the sandbox; their capture entries. */
export async function authorized(
  base: string,
  count: number
): Promise<Entry[]> {
  const http = poster(base, 10)
  try {
    const answers = await http.all(
      "/v1/authorise",
      Array.from({ length: count }, () => signedAuthorize())
    )
    return answers.map((xml) => {
      const id = /<transaction_id>([^<]+)<\/transaction_id>/.exec(xml)?.[1]
      if (!id) throw new Error(`authorise failed: ${xml.slice(0, 200)}`)
      return { transaction_id: id, amount: "25.00", currency: "USD" }
    })
  } finally {
    http.close()
  }
}

export async function control(
  base: string,
  method: "GET" | "POST",
  path: string
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/__sandbox${path}`, { method })
  return (await response.json()) as Record<string, unknown>
}

/** Requests of one operation in the sandbox's request log. */
export async function requestCount(
  base: string,
  operation: string
): Promise<number> {
  const answer = await control(base, "GET", `/requests?operation=${operation}`)
  return (answer.requests as unknown[]).length
}

/** What the sandbox holds of each transaction, as its control API shows it. */
export interface SandboxTransaction {
  transaction_id: string
  order_no: string
  state: string
  captured_amount?: string
  refunds: { refund_amount: string }[]
}

export async function transactions(
  base: string
): Promise<SandboxTransaction[]> {
  const answer = await control(base, "GET", "/transactions")
  return answer.transactions as SandboxTransaction[]
}

/**
 * Throws unless every payment of the round ended as its calls asked, once:
 * each captured for its whole amount (capture), or captured with exactly one
 * refund of `refund` (refund). A scenario that lost or doubled a request
 * fails the bench instead of timing it.
 */
export async function accountFor(
  base: string,
  kind: "capture" | "refund",
  entries: Entry[],
  refund = "5.00"
): Promise<void> {
  const byId = new Map(
    (await transactions(base)).map((tx) => [tx.transaction_id, tx])
  )
  const wrong = entries.filter(({ transaction_id, amount }) => {
    const tx = byId.get(transaction_id)
    if (tx?.state !== "captured" || tx.captured_amount !== amount) return true
    const refunds = tx.refunds.map((r) => r.refund_amount)
    return kind === "capture"
      ? refunds.length !== 0
      : refunds.length !== 1 || refunds[0] !== refund
  })
  if (wrong.length) {
    const first = byId.get(wrong[0].transaction_id)
    const seen = first
      ? `${first.state}, captured ${first.captured_amount ?? "nothing"}, refunds [${first.refunds.map((r) => r.refund_amount).join(", ")}]`
      : "unknown to the sandbox"
    throw new Error(
      `${kind}: ${wrong.length} of ${entries.length} payments not ${kind === "capture" ? "captured" : "refunded"} exactly once; ${wrong[0].transaction_id}: ${seen}`
    )
  }
}
