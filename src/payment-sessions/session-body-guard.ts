/**
 * Medusa's own validator of POST /store/payment-collections/:id/payment-sessions
 * writes a refused value into its message, and a value holding a `toString`
 * that is not a function makes that throw: the shopper got a 500. Registered
 * without methods, this runs ahead of Medusa's validator, for every provider:
 * what it refuses (names that shadow Object.prototype, strings PostgreSQL
 * cannot store, bodies past the input limits) no session could hold.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { inspectUntrusted, invalidDataBody } from "../input-hardening/index"

export function refuseUntrustedSessionBody(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
): void {
  if (req.method !== "POST") return next()
  const issues = inspectUntrusted(req.body)
  if (issues.length) {
    res.status(400).json(invalidDataBody(issues))
    return
  }
  next()
}
