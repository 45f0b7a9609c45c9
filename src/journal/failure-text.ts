/**
 * The words of a failure for a log line. Medusa's workflows throw plain
 * objects carrying a message (their step errors as stored), not Error
 * instances, so `String(error)` alone would log "[object Object]".
 */
export function failureText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === "object" && error !== null && "message" in error) {
    const { message } = error as { message: unknown }
    if (typeof message === "string") return message
  }
  if (typeof error === "string") return error
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}
