/** What the plugin's admin lists take in a query string, each refusal naming its field. */
import { z } from "zod"

/** A whole number from the query string, at most `max`, `fallback` when absent (limit, offset). */
export const pageNumber = (field: string, max: number, fallback: number) =>
  z
    .string({ error: `${field} must be a whole number` })
    .regex(/^\d{1,6}$/, `${field} must be a whole number`)
    .transform(Number)
    .pipe(z.number().max(max, `${field} must be at most ${max}`))
    .default(fallback)
