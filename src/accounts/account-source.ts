/**
 * The accounts saved in the admin, as every part of the plugin reads them:
 * from the database every instance shares, kept in memory between reads.
 * Every instance finds a change by itself: a read more than CHECK_EVERY_MS
 * after the last check asks the database for the accounts' version (each
 * row's id, updated_at and deleted_at: one small query) and reads the
 * accounts again only when it differs. So a change saved on any instance
 * is in force on every instance within CHECK_EVERY_MS plus one such
 * query, whichever instance took the `acquiring.settings.changed` event
 * (with the Redis event bus only one does; a `server` instance never does).
 * A change made here, and the event, still drop the cache at once.
 */
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AccountRecord } from "./account-record"
import { accountsVersion, listAccounts } from "./account-store"

export const SETTINGS_CHANGED_EVENT = "acquiring.settings.changed"
/** The bound the docs state (admin-settings.md, "Taking effect without a restart"). */
export const CHECK_EVERY_MS = 1_000

export type LoadAccounts = () => Promise<AccountRecord[]>
export type ReadVersion = () => Promise<string>

type VersionFields = Pick<AccountRecord, "id" | "updated_at" | "deleted_at">

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? "" : new Date(value).toISOString()

/** What changes whenever an account is created, saved or deleted, in an order every instance agrees on. */
export function versionOf(rows: readonly VersionFields[]): string {
  return rows
    .map((row) => `${row.id}@${iso(row.updated_at)}~${iso(row.deleted_at)}`)
    .sort()
    .join(",")
}

export class AccountSource {
  private cached: { version: string; accounts: AccountRecord[] } | null = null
  private checkedAt = Number.NEGATIVE_INFINITY
  private pending: Promise<AccountRecord[]> | null = null
  /** bumped by invalidate(): a read begun before it is not kept */
  private generation = 0
  private readonly readVersion: ReadVersion
  private readonly checkEveryMs: number
  private readonly now: () => number

  constructor(
    private readonly load: LoadAccounts,
    options: {
      /** without one, the check reads every account (tests) */
      readVersion?: ReadVersion
      checkEveryMs?: number
      now?: () => number
    } = {}
  ) {
    this.readVersion =
      options.readVersion ?? (async () => versionOf(await this.load()))
    this.checkEveryMs = options.checkEveryMs ?? CHECK_EVERY_MS
    this.now = options.now ?? Date.now
  }

  /** Every account, disabled and deleted ones included (a payment keeps the account it began with). */
  accounts(): Promise<AccountRecord[]> {
    if (this.pending) return this.pending
    if (this.cached && this.now() - this.checkedAt < this.checkEveryMs)
      return Promise.resolve(this.cached.accounts)
    const generation = this.generation
    const started = this.now()
    const pending = this.refresh(generation).then((accounts) => {
      if (generation === this.generation) this.checkedAt = started
      return accounts
    })
    this.pending = pending
    // a failed read is not kept: the next call asks again
    const clear = () => {
      if (this.pending === pending) this.pending = null
    }
    pending.then(clear, clear)
    return pending
  }

  /** Drops what is kept: the next read asks the database. */
  invalidate(): void {
    this.generation++
    this.cached = null
    this.pending = null
    this.checkedAt = Number.NEGATIVE_INFINITY
  }

  private async refresh(generation: number): Promise<AccountRecord[]> {
    const known = this.cached
    if (known && (await this.readVersion()) === known.version)
      return known.accounts
    const accounts = await this.load()
    if (generation === this.generation)
      this.cached = { version: versionOf(accounts), accounts }
    return accounts
  }
}

const KEY = Symbol.for("medusa-payment-acquiring.account-source")
type Holder = { [KEY]?: AccountSource }

async function loadFromModule(): Promise<AccountRecord[]> {
  return listAccounts(acquiringModule(), { withDeleted: true })
}

async function versionFromModule(): Promise<string> {
  return versionOf(await accountsVersion(acquiringModule()))
}

/** The source of this process (the providers and routes share it). */
export function accountSource(): AccountSource {
  const holder = globalThis as Holder
  holder[KEY] ??= new AccountSource(loadFromModule, {
    readVersion: versionFromModule,
  })
  return holder[KEY]
}

/** Puts another source in place (tests: accounts without a database). */
export function useAccountSource(source: AccountSource): void {
  ;(globalThis as Holder)[KEY] = source
}
