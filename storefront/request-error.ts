/** A store API answer the kit cannot turn into an outcome. */
import type { StoreAnswer } from "./transport.js"

export class AcquiringRequestError extends Error {
  constructor(
    readonly status: number,
    /** The answer's `type` ("invalid_data", "not_found", …). */
    readonly type: string,
    message: string,
    /** Fields named by a 400, e.g. `{ field: "device.time_zone", reason }`. */
    readonly issues: { field: string; reason: string }[] = [],
    /** Seconds to wait, for a 429. */
    readonly retryAfter?: number
  ) {
    super(message)
    this.name = "AcquiringRequestError"
  }
}

export function errorFromAnswer(answer: StoreAnswer): AcquiringRequestError {
  const body = answer.body ?? {}
  return new AcquiringRequestError(
    answer.status,
    typeof body.type === "string" ? body.type : "unexpected_answer",
    typeof body.message === "string" && body.message !== ""
      ? body.message
      : `The store answered ${answer.status}`,
    Array.isArray(body.issues) ? body.issues : [],
    answer.retryAfter ?? numberOrUndefined(body.retry_after)
  )
}

function numberOrUndefined(value: unknown): number | undefined {
  const n = typeof value === "string" ? Number(value) : value
  return typeof n === "number" && Number.isFinite(n) ? n : undefined
}
