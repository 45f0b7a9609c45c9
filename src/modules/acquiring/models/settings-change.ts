import { model } from "@medusajs/framework/utils"

/** Audit of settings changes: who changed which fields of which account; never a value. */
export const AcquiringSettingsChange = model
  .define("acquiring_settings_change", {
    id: model.id({ prefix: "acqchg" }).primaryKey(),
    account_id: model.text(),
    action: model.enum(["created", "updated", "deleted"]),
    /** field names only */
    fields: model.array(),
    actor_id: model.text().nullable(),
    actor_email: model.text().nullable(),
  })
  .indexes([{ on: ["account_id"] }, { on: ["created_at"] }])
