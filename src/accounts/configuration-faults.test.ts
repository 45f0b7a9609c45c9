import { testAccount } from "./__fixtures__/test-account"
import { randomBytes } from "node:crypto"
import { AccountSource, useAccountSource } from "./account-source"
import type { AccountRecord } from "./account-record"
import { encryptSecret } from "./secret-box"
import { configurationFaults } from "./configuration-faults"
import { coreFor } from "./registry"

const configWith = (providers: unknown[]) => ({
  modules: { payment: { options: { providers } } },
})

const ENTRY = {
  resolve: "medusa-payment-acquiring/providers/acquiring",
  id: "acquiring",
  options: {},
}

const KEY_A = randomBytes(32)
const KEY_B = randomBytes(32)

let saves = 0

function account(overrides: Partial<AccountRecord> = {}): AccountRecord {
  // a new save each time: the registry keeps a core per account version
  const now = new Date(Date.UTC(2026, 10, 26, 0, 0, ++saves))
  return testAccount({
    base_url: "http://127.0.0.1:4010",
    sign_key_encrypted: encryptSecret("s1gn-Key", KEY_A),
    sign_key_updated_at: now,
    website_url: "https://shop.example",
    backend_url: "https://api.shop.example",
    storefront_url: "https://shop.example/checkout/return",
    created_at: now,
    updated_at: now,
    ...overrides,
  })
}

const withAccounts = (accounts: AccountRecord[]) =>
  useAccountSource(new AccountSource(async () => accounts))

describe("configuration faults: what refuses card payments now", () => {
  const saved = process.env.ACQUIRING_SETTINGS_KEY
  beforeEach(() => {
    process.env.ACQUIRING_SETTINGS_KEY = KEY_A.toString("hex")
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.ACQUIRING_SETTINGS_KEY
    else process.env.ACQUIRING_SETTINGS_KEY = saved
  })

  it("finds none for a complete, enabled account whose key decrypts", async () => {
    withAccounts([account()])
    await expect(configurationFaults(configWith([ENTRY]))).resolves.toEqual([])
  })

  it("names the missing provider entry when only the plugin is registered", async () => {
    withAccounts([account()])
    const [fault, ...rest] = await configurationFaults(configWith([]))
    expect(rest).toEqual([])
    expect(fault.reason).toMatch(/options: \{\}/)
    expect(fault.reason).toMatch(/medusa-config\.ts/)
  })

  it("tells an empty store to add an account, once for both providers", async () => {
    withAccounts([])
    const faults = await configurationFaults(configWith([ENTRY]))
    expect(faults).toEqual([
      {
        reason: expect.stringMatching(/add an account in Settings → Acquiring/),
        providers: [
          "pp_acquiring-card_acquiring",
          "pp_acquiring-hosted_acquiring",
        ],
        account_id: null,
      },
    ])
  })

  it("says the only account is disabled and how to enable it", async () => {
    withAccounts([account({ enabled: false })])
    const [fault] = await configurationFaults(configWith([ENTRY]))
    expect(fault.reason).toMatch(/"Sandbox" is disabled/)
    expect(fault.reason).toMatch(/turn Enabled on/)
  })

  it("names the account and the variable when the settings key is missing", async () => {
    delete process.env.ACQUIRING_SETTINGS_KEY
    withAccounts([account()])
    const [fault] = await configurationFaults(configWith([ENTRY]))
    expect(fault.account_id).toBe("acqacc_1")
    expect(fault.reason).toMatch(/"Sandbox"/)
    expect(fault.reason).toMatch(/ACQUIRING_SETTINGS_KEY/)
  })

  it("points at Replace when the stored key was sealed under another settings key", async () => {
    process.env.ACQUIRING_SETTINGS_KEY = KEY_B.toString("hex")
    withAccounts([account()])
    const [fault] = await configurationFaults(configWith([ENTRY]))
    expect(fault.reason).toMatch(/cannot be decrypted/)
    expect(fault.reason).toMatch(/Replace/)
    expect(fault.reason).not.toContain("s1gn-Key")
  })

  it("reports a malformed settings key", async () => {
    process.env.ACQUIRING_SETTINGS_KEY = "too-short"
    withAccounts([account({ sign_key_encrypted: null })])
    const faults = await configurationFaults(
      configWith([{ ...ENTRY, options: { sign_key: "from-config" } }])
    )
    expect(faults.map((f) => f.reason).join("\n")).toMatch(
      /ACQUIRING_SETTINGS_KEY/
    )
  })
})

describe("the cores the check builds", () => {
  it("are not kept for payments, which log through the app's logger", async () => {
    process.env.ACQUIRING_SETTINGS_KEY = KEY_A.toString("hex")
    withAccounts([account()])
    const config = configWith([ENTRY])
    // the check runs without the app's logger (as at start-up in a bare scope)
    await expect(configurationFaults(config)).resolves.toEqual([])
    const lines: string[] = []
    const logger = {
      info: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(m),
      error: (m: string) => lines.push(m),
    }
    const scope = {
      resolve: <T>(key: string) =>
        (key === "configModule" ? config : logger) as T,
    }
    const core = await coreFor(scope, "pp_acquiring-card_acquiring")
    core.log("warn", "a payment's line")
    expect(lines.join("\n")).toContain("a payment's line")
  })
})
