/**
 * The Medusa payment provider over the acquiring service: a thin layer that
 * reads the session's state once (the plugin's table; Medusa's `data` holds
 * only the storefront view) and hands each call to the money operations. Card entry and hosted checkout differ only in identifier and
 * in what a session without an attempt means.
 */
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeleteAccountHolderOutput,
  DeletePaymentInput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  SavePaymentMethodOutput,
  UpdateAccountHolderOutput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type { PluginLogger, ProviderCore } from "../../accounts/core"
import { providerWebhookAction } from "../../notifications/provider-notification"
import { verdictOnce } from "../../notifications/one-verdict"
import {
  gatheredInput,
  newSessionData,
  sessionAmount,
} from "../../checkout/new-session"
import type { AcquiringOptionsInput } from "../../accounts/options"
import type { AcquiringIdentifier } from "../../accounts/provider-entries"
import {
  choiceOf,
  entryForProvider,
  resolveCore,
  type ProviderEntryRef,
} from "../../accounts/registry"
import { forShopper } from "../../accounts/payments-unavailable"
import { assertSessionAvailable } from "../../availability/availability-check"
import { configIssues } from "../../accounts/effective-options"
import { capturePayment } from "../../capture/capture"
import { medusaCapture } from "../../capture/medusa-capture"
import { exactAmount } from "../../money/medusa-amount"
import { declinedError } from "../../journal/errors"
import { refundPayment } from "../../refunds/refunds"
import { releaseUnused } from "../../cancellation/release"
import {
  refreshPayment,
  settleAttempts,
} from "../../acquirer-calls/settle-attempts"
import { voidPayment, voidSurplus } from "../../cancellation/void"
import {
  withLedger,
  type SessionData,
} from "../../payment-sessions/session-data"
import {
  medusaData,
  readSession,
  readSessionOrigin,
  saveState,
  unchangedView,
  writeSession,
} from "../../payment-sessions/session-store"
import { takeIntake } from "../../payment-sessions/intake"
import { surplusAttempts } from "../../payment-sessions/transitions"
import { withKeptCard } from "../../saved-cards/kept-card"
import {
  accountHolderOf,
  forgetHolder,
  forgetPaymentMethod,
  paymentMethodsOf,
  savingRefused,
} from "../../saved-cards/account-holders"

type Container = { logger?: PluginLogger; configModule?: unknown }
type Status = NonNullable<SessionData["status"]>

export abstract class AcquiringPaymentProvider extends AbstractPaymentProvider<AcquiringOptionsInput> {
  protected readonly entry: ProviderEntryRef

  /** Options may leave out what an admin account supplies (even everything); what they set must be valid. */
  static override validateOptions(options: Record<string, unknown>): void {
    const issues = configIssues(options)
    if (issues.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `acquiring payment provider options are invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`
      )
    }
  }

  protected constructor(
    container: Container,
    options: AcquiringOptionsInput,
    identifier: AcquiringIdentifier
  ) {
    super(container as Record<string, unknown>, options)
    this.entry = entryForProvider(
      container.configModule,
      identifier,
      options,
      container.logger
    )
  }

  /** The core of a payment: the account it began with, else the one serving its currency now. */
  protected core(data: SessionData): Promise<ProviderCore> {
    return resolveCore(this.entry, choiceOf(data))
  }

  private logger(): {
    error(message: string): void
    warn?(message: string): void
  } {
    return this.entry.logger ?? console
  }

  /** What a session with no attempt at the acquirer means at authorisation. */
  protected abstract authorizeWithoutAttempt(
    data: SessionData
  ): Promise<AuthorizePaymentOutput>

  async initiatePayment(
    input: InitiatePaymentInput
  ): Promise<InitiatePaymentOutput> {
    const raw = (input.data ?? {}) as Record<string, unknown>
    const sessionId = String(
      raw.session_id ?? input.context?.idempotency_key ?? ""
    )
    // what the store route gathered (cart, client, device), held in the request's context
    const gathered = gatheredInput((await takeIntake(raw.intake)) ?? raw)
    const currency = input.currency_code.toUpperCase()
    // refuses here, before anything is stored, when no account serves the payment
    const core = await forShopper(this.logger(), () =>
      resolveCore(this.entry, {
        currency,
        sales_channel_id: gathered.cart?.sales_channel_id,
        region_id: gathered.cart?.region_id,
      })
    )
    const data = newSessionData(
      sessionId,
      sessionAmount(input.amount, currency),
      currency,
      core,
      gathered
    )
    await assertSessionAvailable(this.entry.provider_id, data)
    // Medusa stores the request's data merged with this answer: its keys are blanked
    const blanked = Object.fromEntries(
      Object.keys(raw).map((key) => [key, undefined])
    )
    return {
      id: sessionId,
      data: { ...blanked, ...(await writeSession(data)) },
      status: "pending",
    }
  }

  /** Answers only the storefront view: card data or anything else handed in is never stored. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const currency = input.currency_code?.toUpperCase()
    const asked =
      input.amount !== undefined && currency
        ? sessionAmount(input.amount, currency)
        : undefined
    // the plugin's own save: its state is written already, Medusa keeps the view
    const view = unchangedView(input.data, asked, currency)
    if (view) return { data: view }
    const data = await readSession(input.data)
    const holdsMoney =
      data.status === "authorized" || data.status === "captured"
    if (input.amount !== undefined && input.currency_code && !holdsMoney) {
      const currency = input.currency_code.toUpperCase()
      const amount = sessionAmount(input.amount, currency)
      if (amount !== data.amount || currency !== data.currency)
        return out(await this.store({ ...data, amount, currency }))
    }
    return out(data)
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const data = await this.load(input.data)
    return {
      data: medusaData(
        await this.store(await releaseUnused(await this.core(data), data))
      ),
    }
  }

  async authorizePayment(
    input: AuthorizePaymentInput
  ): Promise<AuthorizePaymentOutput> {
    let data = await this.load(input.data)
    if (data.status === "canceled")
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The payment was canceled"
      )
    if (!data.attempts?.length) return this.authorizeWithoutAttempt(data)
    const core = await forShopper(this.logger(), () => this.core(data))
    if (data.status !== "authorized" && data.status !== "captured") {
      data = await withKeptCard((await settleAttempts(core, data)).data)
    }
    for (const attempt of surplusAttempts(data))
      data = await voidSurplus(core, data, attempt)
    data = await this.store(data)
    if (data.status === "error") throw declinedError(data.result)
    return out(data)
  }

  async capturePayment(
    input: CapturePaymentInput
  ): Promise<CapturePaymentOutput> {
    const data = await this.load(input.data)
    const request = await medusaCapture(
      this.container,
      input.context?.idempotency_key
    )
    const captured = await capturePayment(await this.core(data), data, request)
    return { data: medusaData(await this.store(captured)) }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = await this.load(input.data)
    if (!input.context?.idempotency_key) {
      // Medusa cancels without a payment id only when it rolls back a
      // recording it could not write, most often because another recording
      // of the same session won the race (one payment per session): voiding
      // would release the winner's money. It stays held; the reconcile job
      // records it, or releases it if no order takes it.
      this.logger().warn?.(
        `[acquiring] a recording of session ${data.session_id ?? "?"} was rolled back by Medusa; its money stays held until the reconcile job records or releases it`
      )
      return { data: medusaData(data) }
    }
    const voided = await voidPayment(
      await this.core(data),
      data,
      input.context?.idempotency_key
    )
    return { data: medusaData(await this.store(voided)) }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const parsed = await this.load(input.data)
    const data = await refundPayment(await this.core(parsed), parsed, {
      amount: exactAmount(input.amount),
      reference: input.context?.idempotency_key,
    })
    return { data: medusaData(await this.store(data)) }
  }

  async retrievePayment(
    input: RetrievePaymentInput
  ): Promise<RetrievePaymentOutput> {
    const data = await this.load(input.data)
    const refreshed = await refreshPayment(await this.core(data), data)
    return {
      data: medusaData(await this.store(await withKeptCard(refreshed.data))),
    }
  }

  async getPaymentStatus(
    input: GetPaymentStatusInput
  ): Promise<GetPaymentStatusOutput> {
    const data = await this.load(input.data)
    const core = await this.core(data)
    const settled = data.attempts?.some(
      (a) => a.state === "sent" || a.state === "unknown"
    )
      ? (await settleAttempts(core, data)).data
      : (await refreshPayment(core, data)).data
    return out(await this.store(await withKeptCard(settled)))
  }

  async getWebhookActionAndData(
    payload: ProviderWebhookPayload["payload"]
  ): Promise<WebhookActionResult> {
    // verified with the key of the account the payment was made with, once for both of the event's handlers
    return verdictOnce(payload, this.entry.provider_id, () =>
      providerWebhookAction(this.entry, payload, this.logger())
    )
  }

  // Saved cards of signed-in customers (saved-cards/account-holders.ts)
  async createAccountHolder(
    input: CreateAccountHolderInput
  ): Promise<CreateAccountHolderOutput> {
    return accountHolderOf(input)
  }

  async updateAccountHolder(): Promise<UpdateAccountHolderOutput> {
    return {}
  }

  async deleteAccountHolder(
    input: DeleteAccountHolderInput
  ): Promise<DeleteAccountHolderOutput> {
    await forgetHolder(input)
    return {}
  }

  async listPaymentMethods(
    input: ListPaymentMethodsInput
  ): Promise<ListPaymentMethodsOutput> {
    return paymentMethodsOf(input)
  }

  async savePaymentMethod(): Promise<SavePaymentMethodOutput> {
    return savingRefused()
  }

  async deletePaymentMethod(
    input: DeletePaymentMethodInput
  ): Promise<DeletePaymentMethodOutput> {
    await forgetPaymentMethod(input)
    return {}
  }

  /** States read from the plugin's table, as read: one an operation did not change is not written again. */
  private readonly asRead = new WeakMap<SessionData, string>()

  protected async load(raw: unknown): Promise<SessionData> {
    const { data, stored } = await readSessionOrigin(raw)
    const ledgered = withLedger(
      data,
      this.entry.identifier === "acquiring-card" ? "authorise" : "checkout"
    )
    if (stored) this.asRead.set(ledgered, JSON.stringify(ledgered))
    return ledgered
  }

  /** Writes the state to the plugin's table unless it is the one read, unchanged; answers it. */
  protected async store(data: SessionData): Promise<SessionData> {
    if (this.asRead.get(data) === JSON.stringify(data)) return data
    return (await saveState(data)).state
  }
}

export function out(data: SessionData): {
  status: Status
  data: Record<string, unknown>
} {
  return { status: data.status ?? "pending", data: medusaData(data) }
}
