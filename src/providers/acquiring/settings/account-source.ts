/**
 * The accounts saved in the admin, as every part of the plugin reads them:
 * from the database every instance shares, cached for at most
 * MAX_AGE_MS so a change made on another instance takes effect within
 * seconds even when its event never arrives here; the event
 * `acquiring.settings.changed` (and a change made here) drops the cache at
 * once. The cache only saves queries: nothing in it is needed by another
 * instance.
 */
import { journalService } from "../../../modules/acquiring/journal-access"
import type { AccountRecord } from "./account-record"
import { listAccounts } from "./account-store"

export const SETTINGS_CHANGED_EVENT = "acquiring.settings.changed"
export const MAX_AGE_MS = 5_000

export type LoadAccounts = () => Promise<AccountRecord[]>

export class AccountSource {
  private cached: { at: number; accounts: Promise<AccountRecord[]> } | null =
    null

  constructor(
    private readonly load: LoadAccounts,
    private readonly maxAgeMs = MAX_AGE_MS,
    private readonly now: () => number = Date.now
  ) {}

  /** Every account, disabled and deleted ones included (a payment keeps the account it began with). */
  accounts(): Promise<AccountRecord[]> {
    const at = this.now()
    if (!this.cached || at - this.cached.at >= this.maxAgeMs) {
      const accounts = this.load()
      this.cached = { at, accounts }
      // a failed read is not kept: the next call asks again
      accounts.catch(() => {
        if (this.cached?.accounts === accounts) this.cached = null
      })
    }
    return this.cached.accounts
  }

  invalidate(): void {
    this.cached = null
  }
}

const KEY = Symbol.for("medusa-payment-acquiring.account-source")
type Holder = { [KEY]?: AccountSource }

async function loadFromModule(): Promise<AccountRecord[]> {
  return listAccounts(journalService(), { withDeleted: true })
}

/** The source of this process (the providers and routes share it). */
export function accountSource(): AccountSource {
  const holder = globalThis as Holder
  holder[KEY] ??= new AccountSource(loadFromModule)
  return holder[KEY]
}

/** Puts another source in place (tests: accounts without a database). */
export function useAccountSource(source: AccountSource): void {
  ;(globalThis as Holder)[KEY] = source
}
