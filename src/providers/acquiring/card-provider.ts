import { MedusaError } from "@medusajs/framework/utils"
import type { AuthorizePaymentOutput } from "@medusajs/framework/types"
import type { PluginLogger } from "../../accounts/core"
import type { AcquiringOptionsInput } from "../../accounts/options"
import { AcquiringPaymentProvider } from "./acquiring-provider"

/** Card entered on the merchant's page, submitted through POST /store/acquiring/payment-sessions/:id/card. */
export class AcquiringCardProvider extends AcquiringPaymentProvider {
  static override identifier = "acquiring-card"

  constructor(
    container: { logger?: PluginLogger; configModule?: unknown },
    options: AcquiringOptionsInput
  ) {
    super(container, options, "acquiring-card")
  }

  protected async authorizeWithoutAttempt(): Promise<AuthorizePaymentOutput> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "No card has been submitted for this payment session yet"
    )
  }
}
