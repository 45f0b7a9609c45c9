import { Migration } from "@medusajs/framework/mikro-orm/migrations"
import { generateEntityId } from "@medusajs/framework/utils"
import { withoutStoredDefaults } from "../../../admin-contract/stored-defaults"

/**
 * Accounts keep only the values the merchant set: the option defaults an
 * earlier version stored beside any advanced value are removed
 * (admin-contract/stored-defaults.ts says why all of them), and each
 * account changed gets an audit entry with its overrides before and after.
 */
export class Migration20261128140000 extends Migration {
  override async up(): Promise<void> {
    const rows = await this.execute(
      `select "id", "advanced" from "acquiring_account" where "advanced" is not null and "deleted_at" is null`
    )
    const knex = this.getKnex()
    for (const row of rows) {
      const before: Record<string, unknown> | null =
        typeof row.advanced === "string"
          ? JSON.parse(row.advanced)
          : row.advanced
      const after = withoutStoredDefaults(before)
      if (JSON.stringify(after) === JSON.stringify(before)) continue
      this.addSql(
        knex.raw(
          `update "acquiring_account" set "advanced" = ?::jsonb, "updated_at" = now() where "id" = ?`,
          [after === null ? null : JSON.stringify(after), row.id]
        )
      )
      this.addSql(
        knex.raw(
          `insert into "acquiring_settings_change" ("id", "account_id", "action", "fields", "changes") values (?, ?, 'updated', '{advanced}', ?::jsonb)`,
          [
            generateEntityId(undefined, "acqchg"),
            row.id,
            JSON.stringify([{ field: "advanced", from: before, to: after }]),
          ]
        )
      )
    }
  }

  override async down(): Promise<void> {
    // the defaults removed were never the merchant's: nothing to put back
  }
}
