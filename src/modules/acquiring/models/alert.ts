import { model } from "@medusajs/framework/utils"

/**
 * An alert of the payments overview raised in the admin's feed: one row per
 * cause and hour, so a cause is told at most once an hour whichever
 * instance's job finds it.
 */
export const AcquiringAlert = model
  .define("acquiring_alert", {
    id: model.id({ prefix: "acqal" }).primaryKey(),
    /** approval_rate_low, decline_surge:<code>, chargeback_ratio, unsettled */
    cause: model.text(),
    /** the hour the alert is about, truncated */
    hour: model.dateTime(),
    /** what the feed was told */
    summary: model.text(),
  })
  .indexes([{ on: ["cause", "hour"], unique: true }])
