import type { AuthorizePaymentOutput } from "@medusajs/framework/types"
import type { PluginLogger } from "../../accounts/core"
import type { AcquiringOptionsInput } from "../../accounts/options"
import type { SessionData } from "../../payment-sessions/session-data"
import { AcquiringPaymentProvider, out } from "./acquiring-provider"

/** The acquirer's hosted payment page, opened through POST /store/acquiring/payment-sessions/:id/hosted-page. */
export class AcquiringHostedProvider extends AcquiringPaymentProvider {
  static override identifier = "acquiring-hosted"

  constructor(
    container: { logger?: PluginLogger; configModule?: unknown },
    options: AcquiringOptionsInput
  ) {
    super(container, options, "acquiring-hosted")
  }

  /** The page was never opened: nothing to authorise. */
  protected async authorizeWithoutAttempt(
    data: SessionData
  ): Promise<AuthorizePaymentOutput> {
    return out(data)
  }
}
