import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { AcquiringCardProvider } from "./service/card-provider"
import { AcquiringHostedProvider } from "./service/hosted-provider"

export { AcquiringCardProvider, AcquiringHostedProvider }

export default ModuleProvider(Modules.PAYMENT, {
  services: [AcquiringCardProvider, AcquiringHostedProvider],
})
