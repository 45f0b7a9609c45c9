import type { MiddlewareRoute } from "@medusajs/framework/http"
import { screenNotification } from "./notification-door"

// with its method: after the body parser and the request log's masking, ahead of Medusa's webhook route
export const notificationRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/hooks/payment/:provider",
    middlewares: [screenNotification],
  },
]
