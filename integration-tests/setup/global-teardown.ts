import "../../dev/local-stack/database"
import { PLUGIN_ROOT_VARIABLE, removePluginSnapshot } from "./plugin-snapshot"

export default async function globalTeardown(): Promise<void> {
  const database = globalThis.__acquiringEmbeddedDatabase
  globalThis.__acquiringEmbeddedDatabase = undefined
  await database?.stop()
  removePluginSnapshot(process.env[PLUGIN_ROOT_VARIABLE])
}
