import "../../dev/local-stack/database"
import { PLUGIN_ROOT_VARIABLE, removePluginSnapshot } from "./plugin-snapshot"
import { dropMigratedDatabase } from "../helpers/database-copy"

export default async function globalTeardown(): Promise<void> {
  await dropMigratedDatabase().catch(() => undefined)
  const database = globalThis.__acquiringEmbeddedDatabase
  globalThis.__acquiringEmbeddedDatabase = undefined
  await database?.stop()
  removePluginSnapshot(process.env[PLUGIN_ROOT_VARIABLE])
}
