/**
 * The Medusa payment provider over the acquiring service: a thin layer that
 * parses the session data once and hands each call to the money
 * operations. Card entry and hosted checkout differ only in identifier and
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
import {
  InvalidInputError,
  roundAmount,
  type AmountInput,
} from "../../../gateway"
import { webhookAction } from "../acquirer-events/notification"
import type { PluginLogger, ProviderCore } from "../config/core"
import {
  parseAcquiringOptions,
  AcquiringOptionsError,
  type AcquiringOptionsInput,
} from "../config/options"
import type { AcquiringIdentifier } from "../config/provider-entries"
import { coreForProvider } from "../config/registry"
import { capturePayment } from "../money/capture"
import { declinedError } from "../money/errors"
import { refundPayment } from "../money/refunds"
import { releaseUnused } from "../money/release"
import { refreshPayment, settleAttempts } from "../money/settle-attempts"
import { voidPayment, voidSurplus } from "../money/void"
import {
  parseSessionData,
  toStored,
  type SessionData,
} from "../session/session-data"
import { surplusAttempts } from "../session/transitions"
import { withLedger } from "../session/session-data"
import { DeviceSchema } from "../storefront-input/device"
import {
  CartSnapshotSchema,
  ClientContextSchema,
} from "../storefront-input/cart-snapshot"

type Container = { logger?: PluginLogger; configModule?: unknown }
type Status = NonNullable<SessionData["status"]>

export abstract class AcquiringPaymentProvider extends AbstractPaymentProvider<AcquiringOptionsInput> {
  protected readonly core: ProviderCore

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
    this.core = coreForProvider(
      container.configModule,
      identifier,
      options,
      container.logger
    )
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
    const currency = input.currency_code.toUpperCase()
    const device = DeviceSchema.safeParse(raw.device ?? {})
    if (!device.success) {
      const issue = device.error.issues[0]
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Invalid data.device.${issue.path.map(String).join(".")}: ${issue.message}`
      )
    }
    const cart = CartSnapshotSchema.safeParse(raw.cart)
    const client = ClientContextSchema.safeParse(raw.client)
    const data: SessionData = {
      session_id: sessionId,
      status: "pending",
      amount: amountOf(input.amount, currency),
      currency,
      attempts: [],
      device: device.data,
      ...(cart.success ? { cart: cart.data } : {}),
      ...(client.success ? { client: client.data } : {}),
    }
    return { id: sessionId, data: toStored(data), status: "pending" }
  }

  /** Keeps only the provider's keys: card data handed in by mistake is dropped before storage. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = parseSessionData(input.data)
    const holdsMoney =
      data.status === "authorized" || data.status === "captured"
    if (input.amount !== undefined && input.currency_code && !holdsMoney) {
      data.currency = input.currency_code.toUpperCase()
      data.amount = amountOf(input.amount, data.currency)
    }
    return {
      data: toStored(data),
      ...(data.status ? { status: data.status } : {}),
    }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return {
      data: toStored(await releaseUnused(this.core, this.parse(input.data))),
    }
  }

  async authorizePayment(
    input: AuthorizePaymentInput
  ): Promise<AuthorizePaymentOutput> {
    let data = this.parse(input.data)
    if (data.status === "canceled")
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The payment was canceled"
      )
    if (!data.attempts?.length) return this.authorizeWithoutAttempt(data)
    if (data.status !== "authorized" && data.status !== "captured") {
      data = (await settleAttempts(this.core, data)).data
    }
    for (const attempt of surplusAttempts(data))
      data = await voidSurplus(this.core, data, attempt)
    if (data.status === "error") throw declinedError(data.result)
    return out(data)
  }

  async capturePayment(
    input: CapturePaymentInput
  ): Promise<CapturePaymentOutput> {
    return {
      data: toStored(await capturePayment(this.core, this.parse(input.data))),
    }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return {
      data: toStored(
        await voidPayment(
          this.core,
          this.parse(input.data),
          input.context?.idempotency_key
        )
      ),
    }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = await refundPayment(this.core, this.parse(input.data), {
      amount: input.amount as AmountInput,
      reference: input.context?.idempotency_key,
    })
    return { data: toStored(data) }
  }

  async retrievePayment(
    input: RetrievePaymentInput
  ): Promise<RetrievePaymentOutput> {
    return {
      data: toStored(
        (await refreshPayment(this.core, this.parse(input.data))).data
      ),
    }
  }

  async getPaymentStatus(
    input: GetPaymentStatusInput
  ): Promise<GetPaymentStatusOutput> {
    const data = this.parse(input.data)
    const settled = data.attempts?.some(
      (a) => a.state === "sent" || a.state === "unknown"
    )
      ? (await settleAttempts(this.core, data)).data
      : (await refreshPayment(this.core, data)).data
    return out(settled)
  }

  async getWebhookActionAndData(
    payload: ProviderWebhookPayload["payload"]
  ): Promise<WebhookActionResult> {
    return (await webhookAction(
      this.core,
      payload
    )) as unknown as WebhookActionResult
  }

  protected parse(raw: unknown): SessionData {
    return withLedger(
      parseSessionData(raw),
      this.core.identifier === "acquiring-card" ? "authorise" : "checkout"
    )
  }
}

export function out(data: SessionData): {
  status: Status
  data: Record<string, unknown>
} {
  return { status: data.status ?? "pending", data: toStored(data) }
}

function amountOf(amount: unknown, currency: string): string {
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
