/**
 * A payment collection of an order for what it still owes: Medusa's own
 * createOrderPaymentCollectionWorkflow, step for step (its collection step,
 * then the order's link), with the amount as the exact decimal string the
 * plugin computed; Medusa's workflow types the amount as a JavaScript
 * number, which the plugin never holds money in.
 */
import { Modules } from "@medusajs/framework/utils"
import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  createPaymentCollectionsStep,
  createRemoteLinkStep,
} from "@medusajs/medusa/core-flows"

export type OrderBalanceCollectionInput = {
  order_id: string
  /** lower case, as Medusa keeps it */
  currency_code: string
  /** decimal string in the currency's digits */
  amount: string
}

export const createOrderBalanceCollectionWorkflowId =
  "acquiring-create-order-balance-collection"

export const createOrderBalanceCollectionWorkflow = createWorkflow(
  createOrderBalanceCollectionWorkflowId,
  (input: OrderBalanceCollectionInput) => {
    const collections = createPaymentCollectionsStep(
      transform({ input }, ({ input }) => [
        { currency_code: input.currency_code, amount: input.amount },
      ])
    )
    createRemoteLinkStep(
      transform({ input, collections }, ({ input, collections }) => [
        {
          [Modules.ORDER]: { order_id: input.order_id },
          [Modules.PAYMENT]: { payment_collection_id: collections[0].id },
        },
      ])
    ).config({ name: "order-balance-collection-link" })
    return new WorkflowResponse(
      transform({ collections }, ({ collections }) => collections[0])
    )
  }
)
