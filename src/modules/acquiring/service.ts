import {
  InjectManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
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

  /** Moves an operation from one state to another only if it is still in the first: true when this call moved it. */
  @InjectManager()
  async claimAcquiringOperation(
    id: string,
    from: string,
    to: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<boolean> {
    const moved = (await sharedContext.manager!.execute(
      `update "acquiring_operation" set "state" = ?, "settled_at" = now(), "updated_at" = now() where "id" = ? and "state" = ? and "deleted_at" is null returning "id"`,
      [to, id, from],
      "all"
    )) as { id: string }[]
    return moved.length > 0
  }
}
