#!/usr/bin/env node
/**
 * `npx acquiring-sandbox --port 4010` in a store (the package's bin), or
 * `npm run sandbox -- --port 4010` in this repository.
 * Starts the sandbox on loopback with test credentials and logs each request
 * on one line (card data redacted).
 */
import { parseArgs } from "node:util"
import { DEFAULT_SANDBOX_ACCOUNT } from "./accounts"
import { startSandbox } from "./sandbox"
import { DEFAULT_TEST_CARDS } from "./test-cards"

export const USAGE = `Usage: npx acquiring-sandbox [options]
  --port <n>           port to listen on (default 4010; 0 picks a free one)
  --host <address>     address to listen on (default 127.0.0.1)
  --merchant-id <id>   merchant_id of the test account (default ${DEFAULT_SANDBOX_ACCOUNT.merchant_id})
  --account-id <id>    account_id of the test account (default ${DEFAULT_SANDBOX_ACCOUNT.account_id})
  --sign-key <key>     sign_key of the test account (default ${DEFAULT_SANDBOX_ACCOUNT.sign_key})
  --allow-ip <ip>      caller IP registered for retrievalTrans; repeatable (default 127.0.0.1)
  --notify-host <host> host notify_url may name besides loopback; repeatable ("*" allows any)
  --keep-requests <n>       requests kept in the request log (default 5000)
  --keep-notifications <n>  notification records kept (default 5000)
  --keep-transactions <n>   transactions kept per account, oldest forgotten first (default 10000)
  --help               this text`

export function parseCliArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      "merchant-id": {
        type: "string",
        default: DEFAULT_SANDBOX_ACCOUNT.merchant_id,
      },
      "account-id": {
        type: "string",
        default: DEFAULT_SANDBOX_ACCOUNT.account_id,
      },
      "sign-key": { type: "string", default: DEFAULT_SANDBOX_ACCOUNT.sign_key },
      "allow-ip": { type: "string", multiple: true },
      "notify-host": { type: "string", multiple: true },
      "keep-requests": { type: "string" },
      "keep-notifications": { type: "string" },
      "keep-transactions": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  const port = Number(values.port)
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new RangeError(
      `--port must be a number from 0 to 65535, got ${values.port}`
    )
  return {
    help: values.help,
    port,
    host: values.host,
    account: {
      merchant_id: values["merchant-id"],
      account_id: values["account-id"],
      sign_key: values["sign-key"],
    },
    registered_ips: values["allow-ip"]?.length
      ? values["allow-ip"]
      : ["127.0.0.1"],
    notify_hosts: values["notify-host"] ?? [],
    retention: dropUndefined({
      requests: count(values["keep-requests"], "--keep-requests"),
      notifications: count(
        values["keep-notifications"],
        "--keep-notifications"
      ),
      transactions: count(values["keep-transactions"], "--keep-transactions"),
    }),
  }
}

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new RangeError(
      `${flag} must be a whole number of at least 1, got ${value}`
    )
  return Number(value)
}

function dropUndefined<T extends Record<string, number | undefined>>(
  values: T
): Partial<Record<keyof T, number>> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined)
  ) as Partial<Record<keyof T, number>>
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseCliArgs>
  try {
    args = parseCliArgs(process.argv.slice(2))
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    process.exit(2)
  }
  if (args.help) {
    console.log(USAGE)
    return
  }
  const sandbox = await startSandbox({
    port: args.port,
    host: args.host,
    accounts: [args.account],
    registered_ips: args.registered_ips,
    notify_hosts: args.notify_hosts,
    retention: args.retention,
    log: (line) => console.log(line),
  })
  const width = Math.max(...DEFAULT_TEST_CARDS.map((c) => c.number.length))
  console.log(
    [
      `Sandbox acquiring service listening on ${sandbox.url}`,
      "",
      `  base_url     ${sandbox.url}`,
      `  merchant_id  ${args.account.merchant_id}`,
      `  account_id   ${args.account.account_id}`,
      `  sign_key     ${args.account.sign_key}`,
      `  registered IPs for retrievalTrans: ${args.registered_ips.join(", ")}`,
      `  control surface: ${sandbox.url}/__sandbox/requests, /__sandbox/notifications, …`,
      "",
      "Test cards (any future expiry; security code 000 declines):",
      ...DEFAULT_TEST_CARDS.map(
        (c) => `  ${c.number.padEnd(width)}  ${c.description}`
      ),
      "  any other Luhn-valid number approves; a number failing Luhn is E0001",
      "",
    ].join("\n")
  )
  const stop = () => {
    void sandbox.close().then(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

if (require.main === module) {
  void main()
}
