/** Result codes of the wire contract, each with the text the sandbox writes after the colon. */

export const RESULT_TEXT = {
  "0000": "Success",
  I0013: "Signature error",
  I0061: "Duplicate order number",
  E0001: "Missing or malformed field",
  E0002: "Amount format or breakdown mismatch",
  E0003: "Too many entries in one request",
  E0004: "No such transaction",
  E0005: "Operation not allowed in the transaction's state",
  E0006: "Refund exceeds the refundable amount",
  E0007: "Caller IP not registered",
  E0008: "Declined by issuer",
  E0009: "Rejected by risk screening",
  E0010: "3-D Secure authentication failed",
  E0011: "Stored card not found",
  E0012: "Transfer not received",
  E0013: "Subscription ended after failed deductions",
  /** not a refusal: a bank transfer awaiting the shopper's money (order_status -1) */
  P0001: "Awaiting the shopper's transfer",
} as const

export type ResultCode = keyof typeof RESULT_TEXT

export const SUCCESS = "0000:Success"

/** `<code>:<text>`; a detail replaces the generic text. */
export function resultInfo(code: ResultCode, detail?: string): string {
  return `${code}:${detail ?? RESULT_TEXT[code]}`
}

/** A refusal for a whole message or one entry, naming the field where there is one. */
export class Refusal extends Error {
  constructor(
    readonly code: ResultCode,
    readonly detail?: string,
    readonly field?: string
  ) {
    super(resultInfo(code, detail))
  }

  get info(): string {
    return this.message
  }

  static field(code: ResultCode, field: string, reason: string): Refusal {
    return new Refusal(code, `${field} ${reason}`, field)
  }
}
