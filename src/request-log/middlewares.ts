import type { MiddlewareRoute } from "@medusajs/framework/http"
import { LOG_SAFE_MATCHERS, logSafeRequest } from "./log-safe-request"

// no methods: Medusa runs these ahead of the plugin's other middlewares and its
// handlers, so a card number in a URL is masked before anything logs it
export const requestLogRoutes: MiddlewareRoute[] = LOG_SAFE_MATCHERS.map(
  (matcher) => ({ matcher, middlewares: [logSafeRequest] })
)
