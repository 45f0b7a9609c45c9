import { Migration } from "@medusajs/framework/mikro-orm/migrations"
import { maskStoredTexts } from "../mask-stored-texts"

/** Card numbers in the acquirer's texts stored before the gateway masked them: masked where they are. */
export class Migration20261129100100 extends Migration {
  override async up(): Promise<void> {
    await maskStoredTexts((sql, params) => this.execute(sql, params))
  }

  override async down(): Promise<void> {
    // a masked number cannot be unmasked
  }
}
