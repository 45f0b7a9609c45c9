import { MedusaService } from "@medusajs/framework/utils"
import { AcquiringOperation } from "./models/operation"
import { registerJournal } from "./journal-access"

/** The plugin's own module: the operations journal (settings and payouts join it later). */
export default class AcquiringModuleService extends MedusaService({
  AcquiringOperation,
}) {
  constructor(
    ...args: ConstructorParameters<ReturnType<typeof MedusaService>>
  ) {
    super(...args)
    // payment providers run in the payment module's container, which cannot resolve this module
    registerJournal(this)
  }
}
