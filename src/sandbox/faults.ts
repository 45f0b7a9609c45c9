/**
 * Faults injected for the next N calls of an operation, so clients can be
 * tested against slow, broken and lying answers.
 */

export const FAULT_KINDS = [
  "latency",
  "connection_reset",
  "http_500",
  "malformed_body",
  "wrong_signature",
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export const FAULTABLE_OPERATIONS = [
  "authorise",
  "checkout",
  "capture",
  "cancel",
  "review",
  "refund",
  "retrieval_trans",
  "retrieval_refund",
  "payout",
  "cancel_subscription",
  "optimise",
] as const
export type FaultableOperation = (typeof FAULTABLE_OPERATIONS)[number]

export interface Fault {
  id: string
  operation: FaultableOperation
  kind: FaultKind
  /** calls still to be hit */
  remaining: number
  /** latency only */
  latency_ms: number
  /**
   * connection_reset and http_500: apply after the request took effect (the
   * client cannot know whether it did); default before, nothing happens.
   */
  after_processing: boolean
}

export type FaultInput = Partial<Omit<Fault, "id" | "remaining">> & {
  operation: string
  kind: string
  count?: number
}

export class FaultBook {
  private faults: Fault[] = []
  private sequence = 0

  add(input: FaultInput): Fault {
    if (
      !(FAULTABLE_OPERATIONS as readonly string[]).includes(input.operation)
    ) {
      throw new RangeError(
        `operation must be one of ${FAULTABLE_OPERATIONS.join(", ")}`
      )
    }
    if (!(FAULT_KINDS as readonly string[]).includes(input.kind)) {
      throw new RangeError(`kind must be one of ${FAULT_KINDS.join(", ")}`)
    }
    const count = input.count ?? 1
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError("count must be a positive integer")
    const latency = input.latency_ms ?? 1000
    if (!Number.isInteger(latency) || latency < 0 || latency > 120_000) {
      throw new RangeError("latency_ms must be an integer from 0 to 120000")
    }
    this.sequence += 1
    const fault: Fault = {
      id: `F${this.sequence}`,
      operation: input.operation as FaultableOperation,
      kind: input.kind as FaultKind,
      remaining: count,
      latency_ms: latency,
      after_processing: input.after_processing === true,
    }
    this.faults.push(fault)
    return { ...fault }
  }

  /** The first fault waiting for this operation, counted down by one. */
  take(operation: string): Fault | undefined {
    const index = this.faults.findIndex((f) => f.operation === operation)
    if (index === -1) return undefined
    const fault = this.faults[index]
    fault.remaining -= 1
    if (fault.remaining === 0) this.faults.splice(index, 1)
    return { ...fault }
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }))
  }

  clear(): void {
    this.faults = []
  }
}

/** The same signature with its last hex digit changed: still well-formed, never valid. */
export function corruptSignature(signature: string): string {
  if (signature === "") return "0".repeat(64)
  const last = signature[signature.length - 1].toLowerCase()
  return signature.slice(0, -1) + (last === "0" ? "1" : "0")
}
