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

/** A whole UTC day as YYYY-MM-DD, and a real one (no 30 February, no year 0). */
export const dayField = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`)
    .refine(
      (v) => {
        const date = new Date(`${v}T00:00:00Z`)
        // Date reads 2026-02-30 as 2 March: a real date prints back unchanged
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v)
      },
      { message: `${field} must be a real date` }
    )
    // no payment is older, and the database refuses a year 0
    .refine((v) => v >= "1970-01-01", {
      message: `${field} must be a day from 1970-01-01 on`,
    })
