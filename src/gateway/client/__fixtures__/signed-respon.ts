/** Signed answers of the acquiring service, written out independently of the client's own signer, and a client on a fake gateway. */
import { createHash } from "node:crypto"
import {
  createAcquiringClient,
  type AcquiringClient,
} from "../acquiring-client"
import {
  startFakeGateway,
  type FakeGateway,
  type FakeHandler,
} from "./fake-gateway"

export const KEY = "Key-0f Test"
export const sha = (plain: string) =>
  createHash("sha256").update(plain, "utf8").digest("hex")

/** Independent signer of result messages: values written out in recipe order, spaces removed, key last. */
export function resultSignature(f: Record<string, string>): string {
  const plain = [
    f.merchant_id,
    f.account_id,
    f.transaction_id,
    f.order_no,
    f.currency,
    f.amount,
    f.order_status,
    f.result_info,
  ]
    .join("")
    .concat(KEY)
    .replace(/ /g, "")
  return sha(plain)
}

export function respon(
  fields: Record<string, string>,
  signature = resultSignature(fields)
): string {
  const body = Object.entries({ ...fields, encryption_data: signature })
    .map(([name, value]) => `  <${name}>${value}</${name}>`)
    .join("\n")
  return `<?xml version="1.0" encoding="UTF-8"?>\n<respon>\n${body}\n  <risk_reasons></risk_reasons>\n</respon>`
}

export const order = {
  order_no: "ORD-1001",
  currency: "USD",
  amount: "15.00",
  item_total: "10.10",
  shipping: "4.90",
  first_name: "Mary Ann",
  last_name: "Doe",
  card: "4242424242424242",
  expiration_month: "07",
  expiration_year: "2030",
  security_code: "123",
  shopper_email: "mary@example.com",
}

export function approved(
  o: { order_no: string; currency: string; amount: string },
  extra: Record<string, string> = {}
) {
  return {
    merchant_id: "M100",
    account_id: "A200",
    transaction_id: "TX-1",
    order_no: o.order_no,
    currency: o.currency,
    amount: o.amount,
    card: "424242******4242",
    order_status: "1",
    result_info: "0000:Success",
    ...extra,
  }
}

/**
 * A client of merchant M100, account A200, on a fresh fake gateway per
 * test (closed after it), its log lines kept.
 */
export function clientOnFakeGateway() {
  let gateway: FakeGateway | undefined
  let lines: string[] = []
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })
  return {
    gateway: () => gateway!,
    lines: () => lines,
    async client(
      handler: FakeHandler,
      timeout_ms = 30_000
    ): Promise<AcquiringClient> {
      gateway = await startFakeGateway(handler)
      lines = []
      return createAcquiringClient({
        base_url: gateway.url,
        merchant_id: "M100",
        account_id: "A200",
        sign_key: KEY,
        timeout_ms,
        logger: {
          debug: (l) => lines.push(l),
          info: (l) => lines.push(l),
          warn: (l) => lines.push(l),
        },
      })
    },
  }
}
