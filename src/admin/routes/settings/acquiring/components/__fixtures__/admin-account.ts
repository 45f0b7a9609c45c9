import type { Account } from "../../../../../lib/settings-api"

/** An account as GET /admin/acquiring/settings answers it, every optional value unset. */
export function adminAccount(values: Partial<Account> = {}): Account {
  return {
    id: "acc_1",
    name: "Sandbox",
    mode: "test",
    merchant_id: "M-1",
    account_id: "A-1",
    base_url: "http://127.0.0.1:4010",
    currencies: [],
    providers: [],
    sales_channels: [],
    regions: [],
    website_url: null,
    backend_url: null,
    storefront_url: null,
    three_d_secure: null,
    auto_capture: null,
    capture_on: null,
    order_prefix: null,
    timeout_ms: null,
    advanced: {},
    availability: null,
    sign_key_set: true,
    sign_key_updated_at: null,
    enabled: true,
    created_at: "2026-11-27T00:00:00.000Z",
    updated_at: "2026-11-27T00:00:00.000Z",
    ...values,
  }
}
