import { model } from "@medusajs/framework/utils"

/** A value as the audit keeps it: the field's JSON, as the admin API answers it. */
export type AuditValue =
  | string
  | number
  | boolean
  | null
  | AuditValue[]
  | { [key: string]: AuditValue }

/**
 * One field of one change: a non-secret field's value before and after
 * (null: left to medusa-config); the sign key only as set or replaced, never
 * a value.
 */
export type SettingsFieldChange =
  | { field: string; from: AuditValue; to: AuditValue }
  | { field: "sign_key"; change: "set" | "replaced" }

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
