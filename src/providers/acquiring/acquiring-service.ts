/**
 * The Medusa payment provider over the acquiring service. Card entry and
 * hosted checkout share everything here; they differ in identifier and in
 * how a session without a known attempt is authorised.
 */
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
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
import { InvalidInputError } from "../../gateway/errors"
import { roundAmount, type AmountInput } from "../../gateway/money/amount"
import { DeviceSchema } from "./cart-snapshot"
import { confirmWithQuery } from "./confirmation"
import type {
  AcquiringIdentifier,
  CoreContext,
  PluginLogger,
} from "./core-context"
import { createCoreContext } from "./core-factory"
import { declinedError } from "./medusa-errors"
import { webhookAction } from "./notification"
import {
  parseAcquiringOptions,
  AcquiringOptionsError,
  type AcquiringOptionsInput,
} from "./options"
import { orderNumberFor } from "./order-number"
import { findProviderId } from "./provider-identity"
import { refund } from "./refunds"
import { releaseUnused } from "./release-unused"
import {
  keepStoredKeys,
  STORED_STATUSES,
  type AcquiringSessionData,
  type StoredStatus,
} from "./session-data"
import { cancel, capture } from "./settlement"

type Container = { logger?: PluginLogger; configModule?: unknown }

export abstract class AcquiringPaymentService extends AbstractPaymentProvider<AcquiringOptionsInput> {
  protected readonly ctx: CoreContext

  static override validateOptions(options: Record<string, unknown>): void {
    try {
      parseAcquiringOptions(options)
    } catch (error) {
      const message =
        error instanceof AcquiringOptionsError
          ? error.message
          : "acquiring payment provider options are invalid"
      throw new MedusaError(MedusaError.Types.INVALID_DATA, message)
    }
  }

  protected constructor(
    container: Container,
    options: AcquiringOptionsInput,
    identifier: AcquiringIdentifier
  ) {
    super(container as Record<string, unknown>, options)
    this.ctx = createCoreContext({
      options: parseAcquiringOptions(options),
      identifier,
      provider_id: findProviderId(container.configModule, options),
      logger: container.logger,
    })
  }

  /** A session with no attempt at the service yet: card sessions need a card first, hosted ones may have paid on the page. */
  protected abstract authorizeWithoutAttempt(
    data: AcquiringSessionData
  ): Promise<AuthorizePaymentOutput>

  async initiatePayment(
    input: InitiatePaymentInput
  ): Promise<InitiatePaymentOutput> {
    const raw = (input.data ?? {}) as Record<string, unknown>
    const sessionId = String(
      raw.session_id ?? input.context?.idempotency_key ?? ""
    )
    const currency = input.currency_code.toUpperCase()
    const device = DeviceSchema.safeParse(raw.device ?? {})
    if (!device.success) {
      const issue = device.error.issues[0]
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Invalid data.device.${issue.path.map(String).join(".")}: ${issue.message}`
      )
    }
    const orderNo = orderNumberFor(this.ctx.options.order_prefix, sessionId)
    const data: AcquiringSessionData = {
      ...keepStoredKeys({ cart: raw.cart, client: raw.client }),
      device: device.data,
      session_id: sessionId,
      order_no: orderNo,
      status: "pending",
      amount: this.amountOf(input.amount, currency),
      currency,
    }
    return {
      id: orderNo,
      data: data as Record<string, unknown>,
      status: "pending",
    }
  }

  /** Keeps only the provider's keys: this is where card data handed in by mistake is dropped before storage. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = keepStoredKeys(input.data)
    if (
      input.amount !== undefined &&
      input.currency_code &&
      !data.transaction_id
    ) {
      data.currency = input.currency_code.toUpperCase()
      data.amount = this.amountOf(input.amount, data.currency)
    }
    return {
      data: data as Record<string, unknown>,
      ...(isStoredStatus(data.status) ? { status: data.status } : {}),
    }
  }

  /**
   * A session Medusa drops (the cart changed after payment, another provider chosen) may hold money or an
   * open hosted page: released, best effort. Sessions of placed orders never get here (see the payment-session middleware).
   */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return {
      data: (await releaseUnused(
        this.ctx,
        keepStoredKeys(input.data)
      )) as Record<string, unknown>,
    }
  }

  async authorizePayment(
    input: AuthorizePaymentInput
  ): Promise<AuthorizePaymentOutput> {
    const stored = keepStoredKeys(input.data)
    if (stored.status === "authorized" || stored.status === "captured")
      return this.out(stored)
    if (stored.status === "canceled")
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The payment was canceled"
      )
    if (stored.status === "error") throw declinedError(stored.result)
    if (!stored.transaction_id && stored.status !== "requires_more")
      return this.authorizeWithoutAttempt(stored)
    const { data } = await confirmWithQuery(this.ctx, stored)
    if (data.status === "error") throw declinedError(data.result)
    return this.out(data)
  }

  async capturePayment(
    input: CapturePaymentInput
  ): Promise<CapturePaymentOutput> {
    return {
      data: (await capture(this.ctx, keepStoredKeys(input.data))) as Record<
        string,
        unknown
      >,
    }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return {
      data: (await cancel(this.ctx, keepStoredKeys(input.data))) as Record<
        string,
        unknown
      >,
    }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = await refund(
      this.ctx,
      keepStoredKeys(input.data),
      input.amount as AmountInput,
      input.context?.idempotency_key
    )
    return { data: data as Record<string, unknown> }
  }

  async retrievePayment(
    input: RetrievePaymentInput
  ): Promise<RetrievePaymentOutput> {
    const { data } = await confirmWithQuery(
      this.ctx,
      keepStoredKeys(input.data)
    )
    return { data: data as Record<string, unknown> }
  }

  async getPaymentStatus(
    input: GetPaymentStatusInput
  ): Promise<GetPaymentStatusOutput> {
    const { data } = await confirmWithQuery(
      this.ctx,
      keepStoredKeys(input.data)
    )
    return this.out(data)
  }

  async getWebhookActionAndData(
    payload: ProviderWebhookPayload["payload"]
  ): Promise<WebhookActionResult> {
    return (await webhookAction(
      this.ctx,
      payload
    )) as unknown as WebhookActionResult
  }

  protected out(data: AcquiringSessionData): {
    status: StoredStatus
    data: Record<string, unknown>
  } {
    return {
      status: data.status ?? "pending",
      data: data as Record<string, unknown>,
    }
  }

  private amountOf(amount: unknown, currency: string): string {
    try {
      return roundAmount(amount as AmountInput, currency)
    } catch (error) {
      const reason =
        error instanceof InvalidInputError
          ? `${error.field} ${error.reason}`
          : "is not a decimal number"
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `The payment amount is not a valid ${currency} amount: ${reason}`
      )
    }
  }
}

function isStoredStatus(value: unknown): value is StoredStatus {
  return (
    typeof value === "string" &&
    (STORED_STATUSES as readonly string[]).includes(value)
  )
}
