import type { AccountRecord } from "../account-record"
import { BLANK } from "../account-changes"

/** An account row as the table holds it; each test names what matters to it. */
export function testAccount(
  overrides: Partial<AccountRecord> = {}
): AccountRecord {
  const at = new Date("2026-01-01T00:00:00Z")
  return {
    id: "acqacc_1",
    name: "Sandbox",
    merchant_id: "M100",
    account_id: "A200",
    base_url: "https://gateway.example.com",
    ...BLANK,
    mode: "test",
    created_at: at,
    updated_at: at,
    deleted_at: null,
    ...overrides,
  }
}
