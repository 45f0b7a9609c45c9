/**
 * A second Medusa instance of the local stack, run as its own process (as a
 * second server behind a load balancer would be) on the database the test's
 * app migrated. Reports its port to the parent, answers when its webhooks
 * are handled, stops on SIGTERM or when the parent is gone.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { LOCAL_STACK_APP_DIR } from "../../dev/local-stack"
import { keepServersOnLoopback } from "../../dev/local-stack/loopback"
import { attachMedusa } from "../../dev/local-stack/medusa-app"
import { trackWebhooks, type WebhookTracker } from "./webhook-tracker"

keepServersOnLoopback()

async function main() {
  const databaseUrl = process.env.SECOND_INSTANCE_DATABASE_URL
  if (!databaseUrl) throw new Error("SECOND_INSTANCE_DATABASE_URL is not set")
  const app = await attachMedusa(LOCAL_STACK_APP_DIR, databaseUrl)
  const stop = () => app.stop().finally(() => process.exit(0))
  process.once("SIGTERM", stop)
  // the test process ended without stopping this one (a failure, jest's --forceExit): go with it
  process.once("disconnect", stop)
  // on the local event bus this instance follows its own webhooks; the test asks when they are handled
  const tracker = localTracker(app.container)
  process.on("message", (message: { idle?: number }) => {
    if (typeof message?.idle !== "number") return
    const asked = message.idle
    void (tracker?.idle() ?? Promise.resolve()).then(() =>
      process.send?.({ idled: asked })
    )
  })
  process.send?.({ port: app.port, tracks: tracker !== undefined })
}

/** The tracker of Medusa's local event bus; none on Redis (the suite watches the shared queue there). */
function localTracker(container: MedusaContainer): WebhookTracker | undefined {
  try {
    return trackWebhooks(container)
  } catch {
    return undefined
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
