/**
 * A second Medusa instance of the local stack, run as its own process (as a
 * second server behind a load balancer would be) on the database the test's
 * app migrated. Reports its port to the parent, stops on SIGTERM or when the
 * parent is gone.
 */
import { LOCAL_STACK_APP_DIR } from "../../dev/local-stack"
import { keepServersOnLoopback } from "../../dev/local-stack/loopback"
import { attachMedusa } from "../../dev/local-stack/medusa-app"

keepServersOnLoopback()

async function main() {
  const databaseUrl = process.env.SECOND_INSTANCE_DATABASE_URL
  if (!databaseUrl) throw new Error("SECOND_INSTANCE_DATABASE_URL is not set")
  const app = await attachMedusa(LOCAL_STACK_APP_DIR, databaseUrl)
  const stop = () => app.stop().finally(() => process.exit(0))
  process.once("SIGTERM", stop)
  // the test process ended without stopping this one (a failure, jest's --forceExit): go with it
  process.once("disconnect", stop)
  process.send?.({ port: app.port })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
