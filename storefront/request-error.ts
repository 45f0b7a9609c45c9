/** A store API answer the kit cannot turn into an outcome. */
import { answerMessage, retryAfterOf } from "./answer-fields.js"
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
    answerMessage(answer) ?? `The store answered ${answer.status}`,
    Array.isArray(body.issues) ? body.issues : [],
    answer.status === 429 ? retryAfterOf(answer) : undefined
  )
}
