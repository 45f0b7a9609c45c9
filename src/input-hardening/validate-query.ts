/** Query-string validation for the plugin's admin lists: `req.validatedQuery`, or 400 naming the field. */
import type { z } from "zod"
import { parseBody } from "./index"

type QueryRequest = { query?: unknown; validatedQuery?: unknown }
type JsonResponse = { status(code: number): { json(body: unknown): unknown } }

export function validateQuery<T extends z.ZodType>(schema: T) {
  return (req: QueryRequest, res: JsonResponse, next: () => void) => {
    const parsed = parseBody(schema, req.query ?? {})
    if (!parsed.success) {
      res.status(400).json(parsed.body)
      return
    }
    req.validatedQuery = parsed.data
    next()
  }
}
