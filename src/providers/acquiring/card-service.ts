import { MedusaError } from "@medusajs/framework/utils"
import type { AuthorizePaymentOutput } from "@medusajs/framework/types"
import { AcquiringPaymentService } from "./acquiring-service"
import type { PluginLogger } from "./core-context"
import type { AcquiringOptionsInput } from "./options"
import type { AcquiringSessionData } from "./session-data"

/** Card entered on the merchant's page, submitted through POST /store/acquiring/payment-sessions/:id/card. */
export class AcquiringCardService extends AcquiringPaymentService {
  static override identifier = "acquiring-card"

  constructor(
    container: { logger?: PluginLogger; configModule?: unknown },
    options: AcquiringOptionsInput
  ) {
    super(container, options, "acquiring-card")
  }

  protected async authorizeWithoutAttempt(
    _data: AcquiringSessionData
  ): Promise<AuthorizePaymentOutput> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "No card has been submitted for this payment session yet"
    )
  }
}
