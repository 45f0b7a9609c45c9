import {
  DEFAULT_SANDBOX_ACCOUNT,
  DEFAULT_TEST_CARDS,
  startSandbox,
} from "../../src/sandbox"
import { CARDS, DECLINE_TEXT_WITH_CARD } from "./test-cards"
import { expectStatus, httpClient } from "../../dev/store-client/http-client"

export type SandboxTransaction = Record<string, any> & {
  transaction_id: string
  order_no: string
  state: string
  order_status: string
  payment_status: string
  amount: string
  currency: string
}

export type SandboxNotification = {
  id: string
  notify_type: string
  transaction_id: string
  url: string
  fields: Record<string, string>
  /** withheld: a lost notification, never sent unless delivered by hand */
  state: "pending" | "delivered" | "failed" | "withheld"
  attempts: { at: string; status?: number; ok: boolean }[]
}

/** Another merchant at the same sandbox (a second legal entity): its own ids and sign key. */
export const SECOND_SANDBOX_ACCOUNT = Object.freeze({
  merchant_id: "20002",
  account_id: "20002001",
  sign_key: "sandbox-sign-key-0002",
})

/** The sandbox of one test file and a client for its control surface (/__sandbox). */
export type TestSandbox = ReturnType<typeof startTestSandbox>

/**
 * Starts the sandbox on a free loopback port before Medusa boots (top-level
 * beforeAll runs before the runner's) and hands its address and the default
 * account to the Medusa config through the environment.
 */
export function startTestSandbox() {
  let handle: { url: string; close(): Promise<void> | void } | undefined
  const url = () => {
    if (!handle) throw new Error("the sandbox is not running")
    return handle.url
  }
  const control = httpClient(() => `${url()}/__sandbox`)

  beforeAll(async () => {
    handle = await startSandbox({
      port: 0,
      accounts: [DEFAULT_SANDBOX_ACCOUNT, SECOND_SANDBOX_ACCOUNT],
      registered_ips: ["127.0.0.1", "::1"],
      // Quick retries keep a refused delivery's retry inside one test.
      notifications: { attempts: 3, base_delay_ms: 200, timeout_ms: 5000 },
      test_cards: [
        ...DEFAULT_TEST_CARDS,
        {
          number: CARDS.declinedNamingACard,
          outcome: "decline",
          description: "declined, with a card number in the issuer's text",
          result_text: DECLINE_TEXT_WITH_CARD,
        },
      ],
    })
    process.env.ACQUIRING_SANDBOX_URL = handle.url
    process.env.ACQUIRING_MERCHANT_ID = DEFAULT_SANDBOX_ACCOUNT.merchant_id
    process.env.ACQUIRING_ACCOUNT_ID = DEFAULT_SANDBOX_ACCOUNT.account_id
    process.env.ACQUIRING_SIGN_KEY = DEFAULT_SANDBOX_ACCOUNT.sign_key
  })

  afterAll(async () => {
    await handle?.close()
    handle = undefined
  })

  return {
    url,
    account: DEFAULT_SANDBOX_ACCOUNT,
    async transaction(id: string): Promise<SandboxTransaction> {
      return expectStatus(
        await control.get(`/transactions/${encodeURIComponent(id)}`),
        200,
        `sandbox transaction ${id}`
      ).transaction
    },
    async transactionByOrderNo(
      orderNo: string
    ): Promise<SandboxTransaction | undefined> {
      const { transactions } = expectStatus(
        await control.get("/transactions"),
        200,
        "sandbox transactions"
      )
      return (transactions as SandboxTransaction[]).find(
        (tx) => tx.order_no === orderNo
      )
    },
    /** Every transaction whose order number is one of `orderNos` (a session's attempts, from its ledger). */
    async transactionsOf(
      orderNos: readonly string[]
    ): Promise<SandboxTransaction[]> {
      const { transactions } = expectStatus(
        await control.get("/transactions"),
        200,
        "sandbox transactions"
      )
      return (transactions as SandboxTransaction[]).filter((tx) =>
        orderNos.includes(tx.order_no)
      )
    },
    async requests(operation?: string): Promise<any[]> {
      const query = operation
        ? `?operation=${encodeURIComponent(operation)}`
        : ""
      return expectStatus(
        await control.get(`/requests${query}`),
        200,
        "sandbox requests"
      ).requests
    },
    async notifications(transactionId: string): Promise<SandboxNotification[]> {
      return expectStatus(
        await control.get(
          `/notifications?transaction_id=${encodeURIComponent(transactionId)}`
        ),
        200,
        "sandbox notifications"
      ).notifications
    },
    /** Every notification the sandbox has sent since it started, oldest first. */
    async allNotifications(): Promise<SandboxNotification[]> {
      return expectStatus(
        await control.get("/notifications"),
        200,
        "sandbox notifications"
      ).notifications
    },
    /** Makes the next `count` calls of `operation` slow, broken or lying (see the sandbox's faults). */
    async injectFault(fault: {
      operation: string
      kind: string
      after_processing?: boolean
      count?: number
      latency_ms?: number
    }) {
      return expectStatus(
        await control.post("/faults", fault),
        201,
        "inject fault"
      ).fault
    },
    /** The caller IPs the status query answers; others get query_result 7. */
    async registerIps(ips: string[]): Promise<void> {
      const answer = await fetch(`${url()}/__sandbox/registered-ips`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ registered_ips: ips }),
      })
      if (answer.status !== 200)
        throw new Error(`registering IPs at the sandbox: ${answer.status}`)
    },
    /** The faults still waiting for a call: one gone was taken by a request, which a latency then holds. */
    async faults(): Promise<{ id: string; remaining: number }[]> {
      return expectStatus(await control.get("/faults"), 200, "faults").faults
    },
    async clearFaults(): Promise<void> {
      expectStatus(await control.delete("/faults"), 200, "clear faults")
    },
    /** The next `count` notifications are lost on the way (withheld, never sent). */
    async loseNotifications(count: number): Promise<void> {
      expectStatus(
        await control.post("/notifications/lose", { count }),
        200,
        "lose notifications"
      )
    },
    async deliverAgain(
      notificationId: string
    ): Promise<{ status?: number; ok: boolean }> {
      return expectStatus(
        await control.post(`/notifications/${notificationId}/deliver`, {}),
        200,
        "redeliver"
      ).attempt
    },
    /** A capture, void or refund made by hand in the acquirer's merchant portal; `notify: false` loses its notification. */
    async portal(
      transactionId: string,
      action: "capture" | "void" | "refund",
      body: { amount?: string; notify?: boolean } = {}
    ): Promise<{
      transaction: SandboxTransaction
      notification: SandboxNotification
    }> {
      return expectStatus(
        await control.post(
          `/portal/transactions/${encodeURIComponent(transactionId)}/${action}`,
          body
        ),
        200,
        `portal ${action}`
      )
    },
    /** The card holder's bank disputes a captured payment (all that is chargeable when no amount is given); notified as CHARGEBACK OPEN. */
    async openChargeback(
      transactionId: string,
      body: { amount?: string; reason?: string; respond_by_days?: number } = {}
    ): Promise<Record<string, string>> {
      return expectStatus(
        await control.post(
          `/transactions/${encodeURIComponent(transactionId)}/chargebacks`,
          body
        ),
        201,
        "open chargeback"
      ).chargeback
    },
    /** Decides an open chargeback for the merchant (win) or the card holder (lose); notified. */
    async decideChargeback(
      reference: string,
      outcome: "win" | "lose"
    ): Promise<Record<string, string>> {
      return expectStatus(
        await control.post(
          `/chargebacks/${encodeURIComponent(reference)}/${outcome}`,
          {}
        ),
        200,
        `${outcome} chargeback`
      ).chargeback
    },
    /** The subscription's next deduction (or a declined one's retry), made at once (dated `afterDays` later); notified as RECURRING. */
    async deduct(
      recurringId: string,
      outcome: "approved" | "declined" | "lapsed" = "approved",
      afterDays = 0
    ): Promise<Record<string, any>> {
      return expectStatus(
        await control.post(
          `/subscriptions/${encodeURIComponent(recurringId)}/deductions`,
          { outcome, after_days: afterDays }
        ),
        201,
        `${outcome} deduction`
      ).deduction
    },
    /** The subscription as the sandbox keeps it: status, next deduction time, every try. */
    async subscription(recurringId: string): Promise<Record<string, any>> {
      return expectStatus(
        await control.get(`/subscriptions/${encodeURIComponent(recurringId)}`),
        200,
        "sandbox subscription"
      ).subscription
    },
    /** Every payout the sandbox holds: request_id, transaction_id, status, failure fields (signed). */
    async payouts(): Promise<Record<string, string>[]> {
      return expectStatus(await control.get("/payouts"), 200, "sandbox payouts")
        .payouts
    },
    /** Forces a PENDING payout (by transaction_id or request_id) to its end state; it is notified. */
    async resolvePayout(
      id: string,
      status: "COMPLETED" | "FAILED"
    ): Promise<Record<string, string>> {
      return expectStatus(
        await control.post(`/payouts/${encodeURIComponent(id)}/resolve`, {
          status,
        }),
        200,
        "resolve payout"
      ).payout
    },
    /** The cards the sandbox keeps (masked): token_id, card_masked, state, account. */
    async storedCards(): Promise<
      {
        token_id: string
        card_masked: string
        state: "active" | "lapsed"
        merchant_id: string
        account_id: string
      }[]
    > {
      return expectStatus(await control.get("/tokens"), 200, "stored cards")
        .tokens
    },
    /** The acquirer forgets a stored card: payments with its token get E0011. */
    async lapseToken(tokenId: string): Promise<void> {
      expectStatus(
        await control.post(`/tokens/${encodeURIComponent(tokenId)}/lapse`, {}),
        200,
        "lapse token"
      )
    },
    /** The transaction happened `days` earlier: past the authorisation's lifetime (7 days) it lapses (1100), as does an awaited bank transfer past its own (7 days). */
    async age(
      transactionId: string,
      days: number
    ): Promise<SandboxTransaction> {
      return expectStatus(
        await control.post(
          `/transactions/${encodeURIComponent(transactionId)}/age`,
          { days }
        ),
        200,
        "age transaction"
      ).transaction
    },
    /** The shopper's awaited bank transfer arrives: captured on arrival (1, 3000), with a PAYMENT notification. */
    async receiveTransfer(transactionId: string): Promise<SandboxTransaction> {
      return expectStatus(
        await control.post(
          `/transfers/${encodeURIComponent(transactionId)}/receive`,
          {}
        ),
        200,
        "receive transfer"
      ).transaction
    },
    /** The awaited bank transfer never arrives: 0, E0012, 1100, with a PAYMENT notification. */
    async lapseTransfer(transactionId: string): Promise<SandboxTransaction> {
      return expectStatus(
        await control.post(
          `/transfers/${encodeURIComponent(transactionId)}/lapse`,
          {}
        ),
        200,
        "lapse transfer"
      ).transaction
    },
    async notify(
      transactionId: string,
      notifyType = "PAYMENT"
    ): Promise<SandboxNotification> {
      return expectStatus(
        await control.post(
          `/transactions/${encodeURIComponent(transactionId)}/notify`,
          { notify_type: notifyType }
        ),
        201,
        "send notification"
      ).notification
    },
  }
}
