/**
 * The words of a failure for a log line, with card numbers and secrets
 * masked as every log line is. Medusa's workflows throw plain objects
 * carrying a message (their step errors as stored), not Error instances,
 * so `String(error)` alone would log "[object Object]". An object without
 * a message is not serialised: it could hold anything, card data included.
 */
import { scrubText } from "../gateway/index"

export function failureText(error: unknown): string {
  return scrubText(wordsOf(error))
}

function wordsOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === "object" && error !== null && "message" in error) {
    const { message } = error as { message: unknown }
    if (typeof message === "string") return message
  }
  if (typeof error === "object" && error !== null)
    return "a failure without a message"
  return String(error)
}
