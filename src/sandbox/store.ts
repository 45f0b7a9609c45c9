/**
 * In-memory state, one ledger per merchant account. Nothing here ever holds
 * card number, expiry or security code, only the masked card, except the
 * stored cards a merchant asked to keep, in their own vault
 * (stored-cards.ts), which never shows them.
 */
import { randomHex } from "./random-hex"
import { accountKey, type SandboxAccount } from "./accounts"
import { compactTimestamp, isoDate } from "./clock-format"
import { DEFAULT_RETENTION } from "./retention"
import { StoredCards } from "./stored-cards"
import type { Transaction } from "./transactions"

export type BrowserPage = "checkout" | "challenge"

export type PayoutStatus = "PENDING" | "COMPLETED" | "FAILED"

export interface Payout {
  merchant_id: string
  account_id: string
  request_id: string
  transaction_id: string
  short_reference_id: string
  /** the request fields as received (payouts carry bank data, never card data) */
  request: Record<string, unknown>
  status: PayoutStatus
  /** where the payout settles by itself; PENDING means it waits to be forced */
  settles_to: PayoutStatus
  /** the failure_type and failure_reason a payout that settles to FAILED gets */
  failure?: { type: string; reason: string }
  failure_type: string
  failure_reason: string
  notify_url: string
  created_at: Date
  last_updated_at: Date
}

export class Ledger {
  /** insertion order is age: the first entry is the oldest */
  readonly transactions = new Map<string, Transaction>()
  readonly byOrderNo = new Map<string, string>()
  readonly payouts = new Map<string, Payout>()
  /** recurring_id → transaction_id */
  readonly subscriptions = new Map<string, string>()

  transactionByOrderNo(orderNo: string): Transaction | undefined {
    const id = this.byOrderNo.get(orderNo)
    return id === undefined ? undefined : this.transactions.get(id)
  }

  constructor(
    private readonly maxTransactions = DEFAULT_RETENTION.transactions,
    private readonly onForget: (tx: Transaction) => void = () => undefined,
    /** cards kept on request (token_flag YES), by token */
    readonly storedCards = new StoredCards(
      { merchant_id: "", account_id: "" },
      () => new Date(),
      maxTransactions
    )
  ) {}

  add(tx: Transaction): void {
    this.transactions.set(tx.transaction_id, tx)
    this.byOrderNo.set(tx.order_no, tx.transaction_id)
    while (this.transactions.size > this.maxTransactions) this.forgetOldest()
  }

  /** Retention: the oldest transaction and everything that points at it go. */
  private forgetOldest(): void {
    const oldest = this.transactions.values().next().value as Transaction
    this.transactions.delete(oldest.transaction_id)
    if (this.byOrderNo.get(oldest.order_no) === oldest.transaction_id)
      this.byOrderNo.delete(oldest.order_no)
    if (oldest.subscription)
      this.subscriptions.delete(oldest.subscription.recurring_id)
    // a card held for a challenge that can no longer end
    this.storedCards.release(oldest.transaction_id)
    this.onForget(oldest)
  }

  payoutByTransactionId(transactionId: string): Payout | undefined {
    return [...this.payouts.values()].find(
      (p) => p.transaction_id === transactionId
    )
  }
}

export class SandboxStore {
  private ledgers = new Map<string, Ledger>()
  /** browser token (hosted page, 3-D Secure challenge) → its transaction */
  private tokens = new Map<
    string,
    {
      page: BrowserPage
      merchant_id: string
      account_id: string
      transaction_id: string
    }
  >()
  private sequence = 0

  constructor(
    private readonly clock: () => Date,
    private readonly maxTransactions = DEFAULT_RETENTION.transactions
  ) {}

  ledger(account: Pick<SandboxAccount, "merchant_id" | "account_id">): Ledger {
    const key = accountKey(account.merchant_id, account.account_id)
    let ledger = this.ledgers.get(key)
    if (!ledger) {
      ledger = new Ledger(
        this.maxTransactions,
        (tx) => {
          if (tx.challenge_token) this.tokens.delete(tx.challenge_token)
          if (tx.checkout_token) this.tokens.delete(tx.checkout_token)
        },
        new StoredCards(
          { merchant_id: account.merchant_id, account_id: account.account_id },
          this.clock,
          this.maxTransactions
        )
      )
      this.ledgers.set(key, ledger)
    }
    return ledger
  }

  allLedgers(): Ledger[] {
    return [...this.ledgers.values()]
  }

  /** Finds a transaction in any account (control surface only). */
  findAnywhere(transactionId: string): Transaction | undefined {
    for (const ledger of this.ledgers.values()) {
      const tx = ledger.transactions.get(transactionId)
      if (tx) return tx
    }
    return undefined
  }

  findPayoutAnywhere(id: string): Payout | undefined {
    for (const ledger of this.ledgers.values()) {
      const payout = ledger.payouts.get(id) ?? ledger.payoutByTransactionId(id)
      if (payout) return payout
    }
    return undefined
  }

  newTransactionId(): string {
    this.sequence += 1
    return `SBX${compactTimestamp(this.clock())}${String(this.sequence).padStart(5, "0")}`
  }

  newReference(prefix: string): string {
    return `${prefix}${randomHex(6).toUpperCase()}`
  }

  /** Date, hyphen and a six-character code. */
  newShortReference(): string {
    return `${isoDate(this.clock()).replace(/-/g, "")}-${randomHex(3).toUpperCase()}`
  }

  /** An unguessable token that opens one page of one transaction in the shopper's browser. */
  newBrowserToken(tx: Transaction, page: BrowserPage): string {
    const token = randomHex(16)
    this.tokens.set(token, {
      page,
      merchant_id: tx.merchant_id,
      account_id: tx.account_id,
      transaction_id: tx.transaction_id,
    })
    return token
  }

  transactionByToken(
    token: string,
    page: BrowserPage
  ): Transaction | undefined {
    const where = this.tokens.get(token)
    if (!where || where.page !== page) return undefined
    return this.ledger(where).transactions.get(where.transaction_id)
  }

  /** The vault that issued a token, in any account (control surface only). */
  storedCardsHolding(token_id: string): StoredCards | undefined {
    for (const ledger of this.ledgers.values()) {
      if (ledger.storedCards.view(token_id)) return ledger.storedCards
    }
    return undefined
  }

  reset(): void {
    this.ledgers = new Map()
    this.tokens = new Map()
  }
}
