// Compiled (tsc --noEmit, strict) against the packed package's declarations:
// the public entry points a store's own code imports must carry types.
import {
  createAcquiringClient,
  formatAmount,
  type AcquiringClient,
} from "medusa-payment-acquiring/gateway"
import {
  DEFAULT_SANDBOX_ACCOUNT,
  startSandbox,
  type SandboxHandle,
} from "medusa-payment-acquiring/sandbox"
import { AcquiringCardProvider } from "medusa-payment-acquiring/providers/acquiring"

export async function consumer(): Promise<string> {
  const sandbox: SandboxHandle = await startSandbox({
    port: 0,
    accounts: [DEFAULT_SANDBOX_ACCOUNT],
  })
  const client: AcquiringClient = createAcquiringClient({
    base_url: sandbox.url,
    merchant_id: DEFAULT_SANDBOX_ACCOUNT.merchant_id,
    account_id: DEFAULT_SANDBOX_ACCOUNT.account_id,
    sign_key: DEFAULT_SANDBOX_ACCOUNT.sign_key,
  })
  await sandbox.close()
  const amount: string = formatAmount("10.5", "usd")
  return `${typeof client.authorize} ${amount} ${AcquiringCardProvider.identifier}`
}
