/**
 * Payment providers are built inside the payment module's container, which
 * holds only logger, configModule and the module's own services. The
 * plugin's module (every table of the plugin: journal, session states,
 * accounts, saved cards, payouts, instance reports) is reached through this
 * process-wide reference, set when the module is constructed; its data lives
 * in the database every instance shares.
 */
import type AcquiringModuleService from "./service"

const KEY = Symbol.for("medusa-payment-acquiring.journal")

type Holder = { [KEY]?: AcquiringModuleService }

export function registerAcquiringModule(service: AcquiringModuleService): void {
  ;(globalThis as Holder)[KEY] = service
}

export function acquiringModule(): AcquiringModuleService {
  const service = (globalThis as Holder)[KEY]
  if (!service) {
    throw new Error(
      "The acquiring module is not loaded: list medusa-payment-acquiring under `plugins` in medusa-config.ts"
    )
  }
  return service
}
