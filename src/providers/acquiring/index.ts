import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { AcquiringCardService } from "./card-service"
import { AcquiringHostedService } from "./hosted-service"

export { AcquiringCardService, AcquiringHostedService }

export default ModuleProvider(Modules.PAYMENT, {
  services: [AcquiringCardService, AcquiringHostedService],
})
