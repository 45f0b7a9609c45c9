/**
 * `npm run bench`: the gateway's hot paths, each timed next to a baseline that
 * does the bare minimum of the same job in the same run, so the figures are
 * ratios that hold on any machine. Bounded in count; loopback only.
 */
import { createHash } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { XMLParser } from "fast-xml-parser"
import {
  buildResponXml,
  createAcquiringClient,
  encodeItems,
  parseResponXml,
  signMessage,
} from "../src/gateway"
import { DEFAULT_SANDBOX_ACCOUNT, startSandbox } from "../src/sandbox"

interface Row {
  name: string
  baseline: string
  ops: number
  baselineOps: number
}

function opsPerSecond(fn: () => void, iterations: number): number {
  for (let i = 0; i < Math.min(1000, iterations); i++) fn()
  const start = process.hrtime.bigint()
  for (let i = 0; i < iterations; i++) fn()
  const ns = Number(process.hrtime.bigint() - start)
  return iterations / (ns / 1e9)
}

async function opsPerSecondAsync(
  fn: (i: number) => Promise<unknown>,
  iterations: number
): Promise<number> {
  for (let i = 0; i < 20; i++) await fn(-1 - i)
  const start = process.hrtime.bigint()
  for (let i = 0; i < iterations; i++) await fn(i)
  const ns = Number(process.hrtime.bigint() - start)
  return iterations / (ns / 1e9)
}

const order = {
  merchant_id: DEFAULT_SANDBOX_ACCOUNT.merchant_id,
  account_id: DEFAULT_SANDBOX_ACCOUNT.account_id,
  order_no: "bench-0001",
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

function signingRow(): Row {
  const key = DEFAULT_SANDBOX_ACCOUNT.sign_key
  const plain =
    [
      order.merchant_id,
      order.account_id,
      order.order_no,
      order.currency,
      order.amount,
      order.first_name,
      order.last_name,
      order.card,
      order.expiration_year,
      order.expiration_month,
      order.security_code,
      order.shopper_email,
    ].join("") + key
  return {
    name: "sign authorise request",
    baseline: "bare sha256 of the same string",
    ops: opsPerSecond(() => signMessage("authorise", order, key), 50_000),
    baselineOps: opsPerSecond(
      () => createHash("sha256").update(plain).digest("hex"),
      50_000
    ),
  }
}

function itemsRow(): Row {
  const items = Array.from({ length: 20 }, (_, i) => ({
    name: `Shirt ${i}`,
    code: `SKU-${i}`,
    unit_price: "12.50",
    quantity: "2",
  }))
  return {
    name: "encode 20 items",
    baseline: "plain join",
    ops: opsPerSecond(() => encodeItems(items), 20_000),
    baselineOps: opsPerSecond(
      () =>
        items
          .map((it) =>
            [it.name, it.code, it.unit_price, it.quantity].join("#,#")
          )
          .join("#;#"),
      20_000
    ),
  }
}

function xmlRow(): Row {
  const xml = buildResponXml({
    merchant_id: "10001",
    account_id: "10001001",
    order_no: "bench-0001",
    amount: "25.00",
    currency: "USD",
    transaction_id: "T1",
    card: "424242******4242",
    order_status: "1",
    result_info: "0000:Success",
    risk_action: "ACCEPT",
    risk_score: "5",
    risk_reasons: [{ name: "velocity", status: "PASS" }],
    encryption_data: "ab".repeat(32),
  })
  const parser = new XMLParser({ parseTagValue: false })
  return {
    name: "parse respon XML",
    baseline: "bare fast-xml-parser",
    ops: opsPerSecond(() => parseResponXml(xml), 20_000),
    baselineOps: opsPerSecond(() => parser.parse(xml), 20_000),
  }
}

async function roundTripRow(): Promise<Row> {
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1" })
  const echo = createServer((req, res) => {
    req.resume()
    req.on("end", () => res.end("<respon></respon>"))
  })
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve))
  const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1/authorise`
  const client = createAcquiringClient({
    base_url: sandbox.url,
    ...DEFAULT_SANDBOX_ACCOUNT,
  })
  try {
    const runs = 300
    const ops = await opsPerSecondAsync(
      (i) => client.authorise({ ...order, order_no: `bench-${i}` } as never),
      runs
    )
    const baselineOps = await opsPerSecondAsync(
      () =>
        fetch(echoUrl, {
          method: "POST",
          body: JSON.stringify(order),
          headers: { "content-type": "application/json" },
        }).then((r) => r.text()),
      runs
    )
    return {
      name: "authorise through client + sandbox",
      baseline: "bare fetch to a loopback echo",
      ops,
      baselineOps,
    }
  } finally {
    await sandbox.close()
    await new Promise((resolve) => echo.close(resolve))
  }
}

async function main(): Promise<void> {
  const rows = [signingRow(), itemsRow(), xmlRow(), await roundTripRow()]
  console.log(
    "benchmark | ops/s | baseline | baseline ops/s | cost vs baseline"
  )
  for (const r of rows) {
    console.log(
      `${r.name} | ${r.ops.toFixed(0)} | ${r.baseline} | ${r.baselineOps.toFixed(0)} | ${(r.baselineOps / r.ops).toFixed(2)}x`
    )
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
