import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody } from "../input-hardening"
import {
  CreateAccountSchema,
  UpdateAccountSchema,
} from "../admin-contract/account-requests"

export const accountRoutes: MiddlewareRoute[] = [
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/settings/accounts",
    middlewares: [validateBody(CreateAccountSchema)],
  },
  {
    methods: ["POST"],
    matcher: "/admin/acquiring/settings/accounts/:id",
    middlewares: [validateBody(UpdateAccountSchema)],
  },
]
