/** Merchant accounts the sandbox knows, each with its own sign_key and state. */

export interface SandboxAccount {
  merchant_id: string
  account_id: string
  sign_key: string
}

/** Credentials of the default test account (tests, demo, command line). */
export const DEFAULT_SANDBOX_ACCOUNT: Readonly<SandboxAccount> = Object.freeze({
  merchant_id: "10001",
  account_id: "10001001",
  sign_key: "sandbox-sign-key-0001",
})

export class AccountRegistry {
  private readonly byKey = new Map<string, SandboxAccount>()

  constructor(accounts: readonly SandboxAccount[]) {
    for (const account of accounts) {
      for (const field of ["merchant_id", "account_id", "sign_key"] as const) {
        if (typeof account[field] !== "string" || account[field] === "") {
          throw new RangeError(`sandbox account needs a non-empty ${field}`)
        }
      }
      const key = accountKey(account.merchant_id, account.account_id)
      if (this.byKey.has(key))
        throw new RangeError(`sandbox account ${key} is listed twice`)
      this.byKey.set(key, { ...account })
    }
  }

  find(merchant_id: unknown, account_id: unknown): SandboxAccount | undefined {
    if (typeof merchant_id !== "string" || typeof account_id !== "string")
      return undefined
    return this.byKey.get(accountKey(merchant_id, account_id))
  }

  list(): SandboxAccount[] {
    return [...this.byKey.values()]
  }
}

export function accountKey(merchant_id: string, account_id: string): string {
  return `${merchant_id}/${account_id}`
}
