import { testAccount } from "./__fixtures__/test-account"
import type { AccountValues } from "./account-record"
import { accountChanges, auditValue, signKeyChange } from "./account-diff"

// The AES-256-GCM vector of secret-box.test.ts (computed with Python's
// `cryptography`): key = bytes 0..31, plaintext "sandbox-sign-key-42".
const KEY = Buffer.from(Array.from({ length: 32 }, (_, i) => i))
const SEALED =
  "v1.ZGVmZ2hpamtsbW5v.9ghe-tua_gMKZExdQ-crJw.O3qwAhuGLrNNCziG9w4PhG_2NA"

const ACCOUNT: AccountValues = testAccount({
  base_url: "http://a.example.test",
  sign_key_encrypted: SEALED,
  sign_key_updated_at: new Date("2026-11-20T10:00:00.000Z"),
  currencies: ["usd", "eur"],
  website_url: "https://shop.example.test",
  advanced: { limits: { batch: { capture: 5, refund: 3 } } },
})

describe("what a save changed in an account", () => {
  it("lists only the field that changed, with its value before and after", () => {
    expect(
      accountChanges(
        ACCOUNT,
        { ...ACCOUNT, base_url: "http://b.example.test" },
        null
      )
    ).toEqual([
      {
        field: "base_url",
        from: "http://a.example.test",
        to: "http://b.example.test",
      },
    ])
    expect(
      accountChanges(ACCOUNT, { ...ACCOUNT, enabled: false }, null)
    ).toEqual([{ field: "enabled", from: true, to: false }])
  })

  it("finds nothing in a form sent back unchanged", () => {
    const resent: AccountValues = {
      ...ACCOUNT,
      // the same sets in another order, the same overrides with keys reordered
      currencies: ["eur", "usd"],
      advanced: { limits: { batch: { refund: 3, capture: 5 } } },
    }
    expect(accountChanges(ACCOUNT, resent, null)).toEqual([])
    expect(
      accountChanges(
        { ...ACCOUNT, advanced: null },
        {
          ...ACCOUNT,
          advanced: {},
        },
        null
      )
    ).toEqual([])
  })

  it("shows a value left to medusa-config as null, and a changed set or override whole", () => {
    expect(
      accountChanges(
        ACCOUNT,
        {
          ...ACCOUNT,
          website_url: null,
          order_prefix: "SHOP",
          currencies: ["usd"],
          advanced: { limits: { batch: { capture: 6, refund: 3 } } },
        },
        null
      )
    ).toEqual([
      { field: "currencies", from: ["usd", "eur"], to: ["usd"] },
      {
        field: "website_url",
        from: "https://shop.example.test",
        to: null,
      },
      { field: "order_prefix", from: null, to: "SHOP" },
      {
        field: "advanced",
        from: { limits: { batch: { capture: 5, refund: 3 } } },
        to: { limits: { batch: { capture: 6, refund: 3 } } },
      },
    ])
  })

  it("says only that the sign key was replaced, never a value", () => {
    const replaced = accountChanges(
      ACCOUNT,
      {
        ...ACCOUNT,
        sign_key_encrypted: "v1.b3RoZXI.b3RoZXI.b3RoZXI",
        sign_key_updated_at: new Date("2026-11-26T10:00:00.000Z"),
      },
      "replaced"
    )
    expect(replaced).toEqual([{ field: "sign_key", change: "replaced" }])
    expect(JSON.stringify(replaced)).not.toContain("v1.")
  })

  it("records a new account's fields set, with the sign key only as set", () => {
    const created = accountChanges(null, ACCOUNT, "set")
    expect(created).toEqual([
      { field: "name", from: null, to: "Sandbox" },
      { field: "enabled", from: null, to: true },
      { field: "mode", from: null, to: "test" },
      { field: "merchant_id", from: null, to: "M100" },
      { field: "account_id", from: null, to: "A200" },
      { field: "base_url", from: null, to: "http://a.example.test" },
      { field: "currencies", from: null, to: ["usd", "eur"] },
      { field: "website_url", from: null, to: "https://shop.example.test" },
      {
        field: "advanced",
        from: null,
        to: { limits: { batch: { capture: 5, refund: 3 } } },
      },
      { field: "sign_key", change: "set" },
    ])
    expect(JSON.stringify(created)).not.toContain(SEALED)
  })
})

describe("how a posted sign key changes the stored one", () => {
  const key = () => KEY

  it("is no change when none is posted or the stored key is the same", () => {
    expect(signKeyChange(SEALED, undefined, key)).toBeNull()
    expect(signKeyChange(SEALED, "sandbox-sign-key-42", key)).toBeNull()
  })

  it("is set when none was stored, replaced when it differs", () => {
    expect(signKeyChange(null, "k", key)).toBe("set")
    expect(signKeyChange(SEALED, "another-key", key)).toBe("replaced")
  })

  it("is replaced when the stored key cannot be read here", () => {
    expect(signKeyChange(SEALED, "sandbox-sign-key-42", () => null)).toBe(
      "replaced"
    )
    expect(
      signKeyChange(SEALED, "sandbox-sign-key-42", () => Buffer.alloc(32, 9))
    ).toBe("replaced")
  })
})

describe("a stored value as the audit keeps it", () => {
  it("writes dates as ISO text and drops undefined", () => {
    expect(
      auditValue({
        at: new Date("2026-11-26T01:02:03.000Z"),
        gone: undefined,
        list: [1, null],
      })
    ).toEqual({ at: "2026-11-26T01:02:03.000Z", list: [1, null] })
    expect(auditValue(undefined)).toBeNull()
  })
})
