import type { TestSandbox } from "./sandbox"

/** An admin account body for the suite's sandbox: every required field, then `extra`. */
export function sandboxAccountBody(
  sandbox: TestSandbox,
  backendUrl: () => string,
  extra: Record<string, unknown> = {}
) {
  return {
    name: "Sandbox",
    mode: "test",
    merchant_id: sandbox.account.merchant_id,
    account_id: sandbox.account.account_id,
    sign_key: sandbox.account.sign_key,
    base_url: sandbox.url(),
    website_url: "https://shop.example.test",
    backend_url: backendUrl(),
    storefront_url: "https://shop.example.test/checkout/return",
    ...extra,
  }
}
