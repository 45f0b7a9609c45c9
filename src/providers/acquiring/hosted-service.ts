import type { AuthorizePaymentOutput } from "@medusajs/framework/types"
import { AcquiringPaymentService } from "./acquiring-service"
import { confirmWithQuery } from "./confirmation"
import type { PluginLogger } from "./core-context"
import { declinedError } from "./medusa-errors"
import type { AcquiringOptionsInput } from "./options"
import type { AcquiringSessionData } from "./session-data"

/** Hosted payment page, served through GET /store/acquiring/payment-sessions/:id/checkout. */
export class AcquiringHostedService extends AcquiringPaymentService {
  static override identifier = "acquiring-hosted"

  constructor(
    container: { logger?: PluginLogger; configModule?: unknown },
    options: AcquiringOptionsInput
  ) {
    super(container, options, "acquiring-hosted")
  }

  /** The shopper may have paid on the hosted page without coming back: ask the service. */
  protected async authorizeWithoutAttempt(
    stored: AcquiringSessionData
  ): Promise<AuthorizePaymentOutput> {
    const { data } = await confirmWithQuery(this.ctx, stored)
    if (data.status === "error") throw declinedError(data.result)
    return this.out(data)
  }
}
