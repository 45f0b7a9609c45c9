import { model } from "@medusajs/framework/utils"

/**
 * One deduction of a subscription as the acquirer's status query confirmed
 * it (a RECURRING notification or the reconcile job only prompts the query):
 * one row per deduction order number `<first>-R<n>`, whichever path saw it
 * first. Its status moves declined → paid or declined → ended, never back.
 *
 * A paid one becomes one Medusa order: `order_id` is chosen and written
 * before the order is made, so a run cut short between the two finds the
 * order it began instead of making another; `ordered_at` once the order
 * holds the captured payment.
 */
export const AcquiringDeduction = model
  .define("acquiring_deduction", {
    id: model.id({ prefix: "acqded" }).primaryKey(),
    provider_id: model.text(),
    /** the deduction's order number, `<first>-R<n>` */
    order_no: model.text(),
    /** the first payment's order number and payment session */
    first_order_no: model.text(),
    first_session_id: model.text(),
    recurring_id: model.text().nullable(),
    deduction_number: model.number(),
    /** the highest try seen (0: the first try, 1 and 2: the acquirer's retries) */
    retry_number: model.number().default(0),
    status: model.enum(["paid", "declined", "ended"]),
    /** the acquirer's `<code>:<text>` of the latest try */
    result_code: model.text().nullable(),
    transaction_id: model.text().nullable(),
    currency: model.text(),
    /** decimal string in the currency's digits */
    amount: model.text(),
    /** the acquirer's next deduction after this one (`YYYY-MM-DD HH:MM:SS`, its local time), from the notification */
    next_deduction_time: model.text().nullable(),
    /** the renewal order: chosen before it is made */
    order_id: model.text().nullable(),
    ordered_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["order_no"], unique: true, where: "deleted_at IS NULL" },
    { on: ["first_order_no"] },
    { on: ["status", "ordered_at"] },
  ])
