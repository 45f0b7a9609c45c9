/**
 * Which key verifies a notification: the account recorded on the payment
 * its order number names, whatever happened to the accounts since.
 * Signatures are computed here with node:crypto from literal strings (the
 * wire contract's result recipe), independently of the client's code.
 */
import {
  useMemoryModule,
  dropMemoryModule,
} from "../modules/acquiring/__fixtures__/memory-module"
import { createHash, randomBytes } from "node:crypto"
import {
  memoryJournal,
  memorySessionStates,
  TEST_OPTIONS,
} from "../accounts/__fixtures__/test-gateway"
import { testAccount } from "../accounts/__fixtures__/test-account"
import { entryFor, resolveCore } from "../accounts/registry"
import type { AccountRecord } from "../accounts/account-record"
import { AccountSource, useAccountSource } from "../accounts/account-source"
import { encryptSecret } from "../accounts/secret-box"
import { notificationAccount } from "./notification-account"
import { SHOPPER } from "../payment-sessions/__fixtures__/sessions"

const PROVIDER = "pp_acquiring-card_acquiring"
const KEY = randomBytes(32)
const CONFIG_KEY = TEST_OPTIONS.sign_key
const configModule = {
  modules: {
    payment: {
      options: {
        providers: [
          {
            resolve: "medusa-payment-acquiring/providers/acquiring",
            id: "acquiring",
            options: TEST_OPTIONS,
          },
        ],
      },
    },
  },
}
const scope = {
  resolve<T>(key: string): T {
    if (key === "configModule") return configModule as T
    throw new Error(`${key} is not available`)
  },
}

let saves = 0
function account(overrides: Partial<AccountRecord>): AccountRecord {
  const at = new Date(Date.UTC(2026, 10, 27, 0, 0, ++saves))
  return testAccount({
    base_url: "http://127.0.0.1:4010",
    website_url: "https://shop.example",
    backend_url: "https://api.shop.example",
    storefront_url: "https://shop.example/return",
    created_at: at,
    updated_at: at,
    ...overrides,
  })
}

/** Same merchant and account ids as medusa-config (issue: a copy made in the admin, then deleted). */
const COPY = account({
  id: "acqacc_copy",
  name: "Copy of medusa-config",
  merchant_id: TEST_OPTIONS.merchant_id,
  account_id: TEST_OPTIONS.account_id,
  sign_key_encrypted: encryptSecret("key-of-copy", KEY),
})
const OTHER = account({
  id: "acqacc_other",
  name: "Other",
  merchant_id: "M300",
  account_id: "A400",
  sign_key_encrypted: encryptSecret("key-of-other", KEY),
})

const orderNo = (n: number) => `MED${String(n).padStart(24, "0")}`

function notification(
  order: string,
  key: string,
  names: { merchant_id: string; account_id: string } = {
    merchant_id: TEST_OPTIONS.merchant_id,
    account_id: TEST_OPTIONS.account_id,
  }
) {
  const values = [
    names.merchant_id,
    names.account_id,
    "T20261127000001",
    order,
    "EUR",
    "15.00",
    "1",
    "0000:Success",
  ]
  return {
    ...names,
    transaction_id: values[2],
    order_no: order,
    currency: "EUR",
    amount: "15.00",
    order_status: "1",
    result_info: "0000:Success",
    notify_type: "PAYMENT",
    encryption_data: createHash("sha256")
      .update((values.join("") + key).replace(/ /g, ""))
      .digest("hex"),
  }
}

describe("the key a notification is verified with", () => {
  const saved = process.env.ACQUIRING_SETTINGS_KEY
  const journal = memoryJournal()
  const states = memorySessionStates()
  let accounts: AccountRecord[] = []

  beforeAll(async () => {
    process.env.ACQUIRING_SETTINGS_KEY = KEY.toString("hex")
    useMemoryModule(states)
    useAccountSource(
      new AccountSource(async () => accounts, { checkEveryMs: 0 })
    )
    // 1: made with the copy; 2: with medusa-config alone; 3: with Other; 4: before accounts were recorded
    const made: [number, string | null | undefined][] = [
      [1, COPY.id],
      [2, null],
      [3, OTHER.id],
      [4, undefined],
    ]
    for (const [n, id] of made) {
      const session_id = `payses_${n}`
      await journal.record({
        provider_id: PROVIDER,
        kind: "authorise",
        order_no: orderNo(n),
        session_id,
        amount: "15.00",
        currency: "EUR",
      })
      await states.write(session_id, {
        session_id,
        currency: "EUR",
        ...(id === undefined ? {} : { account: { id, mode: "test" } }),
        // the first began from a cart (the others' records hold none)
        ...(n === 1 ? { cart: SHOPPER.cart } : {}),
      })
    }
  })
  afterAll(() => {
    dropMemoryModule()
    if (saved === undefined) delete process.env.ACQUIRING_SETTINGS_KEY
    else process.env.ACQUIRING_SETTINGS_KEY = saved
  })

  /** verifies as the provider does: the recorded account's core, its own check that it is that account */
  async function verified(fields: Record<string, unknown>): Promise<boolean> {
    const recorded = await notificationAccount(PROVIDER, fields, journal)
    if (!recorded) return false
    const core = await resolveCore(entryFor(scope, PROVIDER), recorded.choice)
    if (
      recorded.account_id !== undefined &&
      core.account.id !== recorded.account_id
    )
      return false
    try {
      core.gateway.verifyNotification(fields)
      return true
    } catch {
      return false
    }
  }

  it("uses the account the payment was made with, enabled, disabled or deleted", async () => {
    for (const copy of [
      COPY,
      { ...COPY, enabled: false },
      { ...COPY, deleted_at: new Date() },
    ]) {
      accounts = [copy, OTHER]
      expect(await verified(notification(orderNo(1), "key-of-copy"))).toBe(true)
      // medusa-config's key names the same ids but did not make this payment
      expect(await verified(notification(orderNo(1), CONFIG_KEY))).toBe(false)
    }
  })

  it("keeps medusa-config's payments to medusa-config's key, whatever account copies its ids or is deleted", async () => {
    for (const copy of [
      COPY,
      { ...COPY, enabled: false },
      { ...COPY, deleted_at: new Date() },
    ]) {
      accounts = [copy, OTHER]
      expect(await verified(notification(orderNo(2), CONFIG_KEY))).toBe(true)
      expect(await verified(notification(orderNo(2), "key-of-copy"))).toBe(
        false
      )
    }
  })

  it("refuses a notification signed with another account's key, whichever ids it names", async () => {
    accounts = [COPY, OTHER]
    const otherIds = { merchant_id: "M300", account_id: "A400" }
    expect(
      await verified(notification(orderNo(3), "key-of-other", otherIds))
    ).toBe(true)
    expect(
      await verified(notification(orderNo(3), "key-of-copy", otherIds))
    ).toBe(false)
    expect(await verified(notification(orderNo(3), "key-of-copy"))).toBe(false)
    expect(await verified(notification(orderNo(1), "key-of-other"))).toBe(false)
    expect(
      await verified(notification(orderNo(1), "key-of-other", otherIds))
    ).toBe(false)
  })

  it("refuses when the payment's account row is gone rather than try another key", async () => {
    accounts = [OTHER]
    expect(await verified(notification(orderNo(1), "key-of-copy"))).toBe(false)
    expect(await verified(notification(orderNo(1), "key-of-other"))).toBe(false)
  })

  it("names the session's cart as the plugin recorded it, when it began from one", async () => {
    accounts = [COPY, OTHER]
    const fromCart = await notificationAccount(
      PROVIDER,
      notification(orderNo(1), "key-of-copy"),
      journal
    )
    expect(fromCart?.cart_id).toBe("cart_1")
    const withoutCart = await notificationAccount(
      PROVIDER,
      notification(orderNo(2), CONFIG_KEY),
      journal
    )
    expect(withoutCart).not.toBeNull()
    expect(withoutCart).not.toHaveProperty("cart_id")
  })

  it("finds nothing for an order number of no payment, or of another provider", async () => {
    accounts = [COPY, OTHER]
    expect(
      await notificationAccount(
        PROVIDER,
        notification(orderNo(9), CONFIG_KEY),
        journal
      )
    ).toBeNull()
    expect(
      await notificationAccount(
        "pp_acquiring-hosted_acquiring",
        notification(orderNo(1), "key-of-copy"),
        journal
      )
    ).toBeNull()
    expect(await notificationAccount(PROVIDER, {}, journal)).toBeNull()
  })

  it("verifies a payment from before accounts were recorded with the live account it names, never a deleted one", async () => {
    accounts = [COPY, OTHER]
    expect(await verified(notification(orderNo(4), "key-of-copy"))).toBe(true)
    accounts = [{ ...COPY, deleted_at: new Date() }, OTHER]
    expect(await verified(notification(orderNo(4), "key-of-copy"))).toBe(false)
    expect(await verified(notification(orderNo(4), CONFIG_KEY))).toBe(true)
  })

  it("names the authorisation the session holds, only when it is this order's and not held for review", async () => {
    accounts = [COPY, OTHER]
    const session_id = "payses_held"
    await journal.record({
      provider_id: PROVIDER,
      kind: "authorise",
      order_no: orderNo(5),
      session_id,
      amount: "15.00",
      currency: "EUR",
    })
    const held = async (state: Record<string, unknown>) => {
      await states.write(session_id, { session_id, currency: "EUR", ...state })
      return (
        await notificationAccount(
          PROVIDER,
          notification(orderNo(5), CONFIG_KEY),
          journal
        )
      )?.held
    }
    const authorised = {
      status: "authorized",
      order_no: orderNo(5),
      transaction_id: "T20261127000005",
    }
    expect(await held(authorised)).toEqual({
      order_no: orderNo(5),
      transaction_id: "T20261127000005",
    })
    expect(await held({ ...authorised, review: "released" })).toEqual({
      order_no: orderNo(5),
      transaction_id: "T20261127000005",
    })
    expect(await held({ ...authorised, review: "held" })).toBeUndefined()
    expect(await held({ ...authorised, status: "pending" })).toBeUndefined()
    expect(await held({ ...authorised, status: "captured" })).toBeUndefined()
    // a later attempt of the session authorised: this order number is not what it holds
    expect(await held({ ...authorised, order_no: orderNo(6) })).toBeUndefined()
    expect(
      await held({ ...authorised, transaction_id: undefined })
    ).toBeUndefined()
  })
})
