import type { AccountRecord } from "../account-record"

/** An account row as the table holds it; each test names what matters to it. */
export function testAccount(
  overrides: Partial<AccountRecord> = {}
): AccountRecord {
  const at = new Date("2026-01-01T00:00:00Z")
  return {
    id: "acqacc_1",
    name: "Sandbox",
    enabled: true,
    mode: "test",
    merchant_id: "M100",
    account_id: "A200",
    base_url: "https://gateway.example.com",
    sign_key_encrypted: null,
    sign_key_updated_at: null,
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
    advanced: null,
    availability: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    ...overrides,
  }
}
