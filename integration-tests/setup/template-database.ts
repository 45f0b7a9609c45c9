/**
 * Run once per test run, as its own process (global-setup.ts): a database
 * migrated to the app's schema (Medusa's modules, the plugin's, link
 * tables), which every test file then copies instead of migrating its own.
 * The name comes as the only argument; DB_* and the plugin copy's root are
 * in the environment.
 */
import { LOCAL_STACK_APP_DIR } from "../../dev/local-stack"
import { migratedDatabase } from "../../dev/local-stack/medusa-app"

async function main() {
  const name = process.argv[2]
  if (!name) throw new Error("usage: template-database.ts <database name>")
  const { runner, loaded } = await migratedDatabase(LOCAL_STACK_APP_DIR, name)
  await loaded.pgConnection?.destroy?.()
  await runner.closeWaitingroomClient()
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
