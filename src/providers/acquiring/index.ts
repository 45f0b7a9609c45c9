import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { AcquiringCardProvider } from "./card-provider"
import { AcquiringHostedProvider } from "./hosted-provider"

export { AcquiringCardProvider, AcquiringHostedProvider }

export default ModuleProvider(Modules.PAYMENT, {
  services: [AcquiringCardProvider, AcquiringHostedProvider],
})
