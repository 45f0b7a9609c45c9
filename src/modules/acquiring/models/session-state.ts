import { model } from "@medusajs/framework/utils"

/**
 * The plugin's private state of a payment session and of the payment made
 * from it: the cart snapshot, client and device data, the attempt ledger,
 * order numbers, transaction ids, risk and account. Keyed by Medusa's
 * payment session id; Medusa's own `data` keeps only the storefront view
 * and that id, because Medusa's store routes hand `data` out.
 *
 * Rows keyed `intake:<token>` hold what the session-creation route gathered
 * (cart, client, device) until the provider turns it into the session's state.
 */
export const AcquiringSessionState = model.define("acquiring_session_state", {
  id: model.text().primaryKey(),
  data: model.json(),
})
