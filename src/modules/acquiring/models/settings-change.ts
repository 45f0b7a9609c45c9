import { model } from "@medusajs/framework/utils"
import type {
  AuditValue,
  SettingsFieldChange,
} from "../../../admin-contract/settings"

// the audit stores each change in the shape the admin API answers it
export type { AuditValue, SettingsFieldChange }

/** Audit of settings changes: who changed what in which account, and when. */
export const AcquiringSettingsChange = model
  .define("acquiring_settings_change", {
    id: model.id({ prefix: "acqchg" }).primaryKey(),
    account_id: model.text(),
    action: model.enum(["created", "updated", "deleted"]),
    /** the names of the fields in `changes`, for readers older than it */
    fields: model.array(),
    /** null on entries written before values were kept */
    changes: model.json<SettingsFieldChange[]>().nullable(),
    actor_id: model.text().nullable(),
    actor_email: model.text().nullable(),
  })
  .indexes([{ on: ["account_id"] }, { on: ["created_at"] }])
