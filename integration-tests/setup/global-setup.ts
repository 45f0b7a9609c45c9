import { resolve } from "node:path"
import {
  DATABASE_URL_VARIABLE,
  databaseEnvFromUrl,
  startEmbeddedDatabase,
} from "../../dev/local-stack/database"
import { PLUGIN_ROOT_VARIABLE, snapshotBuiltPlugin } from "./plugin-snapshot"

/**
 * Gives the integration project a PostgreSQL (the one named by
 * ACQUIRING_TEST_DATABASE_URL, or an embedded one started here) and a
 * private copy of the built plugin. The runner reads DB_* from the
 * environment, which jest hands on to every test file.
 */
export default async function globalSetup(): Promise<void> {
  process.env[PLUGIN_ROOT_VARIABLE] = await snapshotBuiltPlugin(
    resolve(__dirname, "..", "..")
  )
  const existing = process.env[DATABASE_URL_VARIABLE]
  const started = existing ? undefined : await startEmbeddedDatabase()
  const env = existing ? databaseEnvFromUrl(existing) : started!.env
  Object.assign(process.env, env)
  // Medusa logs every migration at info level; keep test output readable.
  process.env.LOG_LEVEL ??= "error"
  globalThis.__acquiringEmbeddedDatabase = started
}
