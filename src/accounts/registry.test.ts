/**
 * What a disabled account does to new payments (docs/admin-settings.md,
 * "What disabling an account does"): the next account serving takes over,
 * else medusa-config's options when they are complete, else payments are
 * refused naming the disabled account. Payments it already took keep it.
 */
import { randomBytes } from "node:crypto"
import { TEST_OPTIONS } from "./__fixtures__/test-gateway"
import { testAccount } from "./__fixtures__/test-account"
import type { AccountRecord } from "./account-record"
import { AccountSource, useAccountSource } from "./account-source"
import { encryptSecret } from "./secret-box"
import { PaymentsUnavailableError } from "./payments-unavailable"
import { choiceOf, coreFor } from "./registry"

const PROVIDER = "pp_acquiring-card_acquiring"
const KEY = randomBytes(32)

const scopeWith = (options: unknown) => ({
  resolve<T>(key: string): T {
    if (key !== "configModule") throw new Error(`${key} is not available`)
    return {
      modules: {
        payment: {
          options: {
            providers: [
              {
                resolve: "medusa-payment-acquiring/providers/acquiring",
                id: "acquiring",
                options,
              },
            ],
          },
        },
      },
    } as T
  },
})
const COMPLETE = scopeWith(TEST_OPTIONS)
const EMPTY = scopeWith({})

let saves = 0
function account(overrides: Partial<AccountRecord> = {}): AccountRecord {
  const at = new Date(Date.UTC(2026, 10, 27, 1, 0, ++saves))
  return testAccount({
    id: "acqacc_shop",
    name: "Shop",
    merchant_id: "M900",
    account_id: "A900",
    base_url: "http://127.0.0.1:4010",
    sign_key_encrypted: encryptSecret("key-of-shop", KEY),
    website_url: "https://shop.example",
    backend_url: "https://api.shop.example",
    storefront_url: "https://shop.example/return",
    created_at: at,
    updated_at: at,
    ...overrides,
  })
}

let accounts: AccountRecord[] = []

const savedKey = process.env.ACQUIRING_SETTINGS_KEY
beforeAll(() => {
  process.env.ACQUIRING_SETTINGS_KEY = KEY.toString("hex")
  useAccountSource(new AccountSource(async () => accounts, { checkEveryMs: 0 }))
})
afterAll(() => {
  if (savedKey === undefined) delete process.env.ACQUIRING_SETTINGS_KEY
  else process.env.ACQUIRING_SETTINGS_KEY = savedKey
})

describe("a disabled account", () => {
  it("hands new payments to medusa-config's options when they are complete, as the admin says before disabling", async () => {
    accounts = [account({ enabled: false })]
    const core = await coreFor(COMPLETE, PROVIDER, { currency: "EUR" })
    expect(core.account.id).toBeNull()
    expect(core.options.merchant_id).toBe(TEST_OPTIONS.merchant_id)
  })

  it("refuses new payments naming itself when medusa-config's options are not complete", async () => {
    accounts = [account({ enabled: false })]
    const refused = coreFor(EMPTY, PROVIDER, { currency: "EUR" })
    await expect(refused).rejects.toBeInstanceOf(PaymentsUnavailableError)
    await expect(refused).rejects.toThrow(
      'Acquiring account "Shop" is disabled and no other account serves card payments'
    )
  })

  it("hands them to another enabled account serving the currency first", async () => {
    accounts = [
      account({ enabled: false, currencies: ["eur"] }),
      account({ id: "acqacc_all", name: "All", merchant_id: "M901" }),
    ]
    const core = await coreFor(COMPLETE, PROVIDER, { currency: "EUR" })
    expect(core.account.id).toBe("acqacc_all")
  })

  it("keeps serving the payments it already took, disabled or deleted", async () => {
    for (const shop of [
      account({ enabled: false }),
      account({ deleted_at: new Date() }),
    ]) {
      accounts = [shop]
      const core = await coreFor(
        COMPLETE,
        PROVIDER,
        choiceOf({ account: { id: shop.id }, currency: "EUR" })
      )
      expect(core.account.id).toBe(shop.id)
      expect(core.options.merchant_id).toBe("M900")
    }
  })

  it("serves with medusa-config's options only the carts their own currencies, sales channels and regions allow; a payment they took stays theirs", async () => {
    accounts = []
    const scoped = scopeWith({
      ...TEST_OPTIONS,
      currencies: ["usd"],
      sales_channels: ["sc_web"],
    })
    const served = await coreFor(scoped, PROVIDER, {
      currency: "USD",
      sales_channel_id: "sc_web",
      region_id: "reg_us",
    })
    expect(served.account.id).toBeNull()
    const refused = coreFor(scoped, PROVIDER, {
      currency: "USD",
      sales_channel_id: "sc_app",
    })
    await expect(refused).rejects.toBeInstanceOf(PaymentsUnavailableError)
    await expect(refused).rejects.toThrow(
      "No enabled acquiring account serves this cart (USD, sales channel sc_app), and medusa-config's options for pp_acquiring-card_acquiring serve only currencies usd; sales channels sc_web: add an account serving it in Settings → Acquiring, or widen medusa-config's currencies, sales_channels or regions"
    )
    await expect(
      coreFor(scoped, PROVIDER, { currency: "EUR" })
    ).rejects.toBeInstanceOf(PaymentsUnavailableError)
    // a payment begun with medusa-config's options is captured and refunded with them
    const stored = {
      account: { id: null, mode: "test" as const },
      currency: "EUR",
    }
    const kept = await coreFor(scoped, PROVIDER, choiceOf(stored))
    expect(kept.account.id).toBeNull()
  })
})

describe("a core's reuse", () => {
  const quiet = () => ({ info() {}, warn() {}, error() {} })
  /** medusa-config's one entry, the logger a caller's scope resolves (Medusa hands a provider and a route different ones) */
  const withLogger = (logger: object | undefined) => ({
    resolve<T>(key: string): T {
      if (key === "logger" && logger) return logger as T
      return COMPLETE.resolve<T>(key)
    },
  })

  it("is built once per account version, whichever logger its callers bring in turn", async () => {
    accounts = [account()]
    const provider = withLogger(quiet())
    const route = withLogger(quiet())
    const first = await coreFor(provider, PROVIDER, { currency: "EUR" })
    const other = await coreFor(route, PROVIDER, { currency: "EUR" })
    expect(await coreFor(provider, PROVIDER, { currency: "EUR" })).toBe(first)
    expect(await coreFor(route, PROVIDER, { currency: "EUR" })).toBe(other)
    // a check outside a request (no logger) gets a core of its own
    const bare = await coreFor(withLogger(undefined), PROVIDER, {
      currency: "EUR",
    })
    expect(bare).not.toBe(first)
    expect(bare).not.toBe(other)
    // the account saved again: a new core with its new options
    accounts = [account({ merchant_id: "M902" })]
    const saved = await coreFor(provider, PROVIDER, { currency: "EUR" })
    expect(saved).not.toBe(first)
    expect(saved.options.merchant_id).toBe("M902")
  })
})
