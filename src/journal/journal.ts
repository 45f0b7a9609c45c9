/**
 * The operations journal as the money operations use it: a request that may
 * move money is recorded before it leaves and settled when its outcome is
 * known. Backed by the plugin module's table; unit tests pass a memory one.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { AcquiringOperationRow } from "../modules/acquiring/types"
import { isAttemptToken } from "../payment-sessions/order-number"

export type OperationKind = AcquiringOperationRow["kind"]
export type OperationState = AcquiringOperationRow["state"]

/** An operation as a journal answers it; besides its identity a journal (the tests' memory one) may leave fields out. */
export type Operation = Pick<
  AcquiringOperationRow,
  "id" | "provider_id" | "kind" | "state" | "order_no"
> &
  Partial<
    Pick<
      AcquiringOperationRow,
      | "session_id"
      | "payment_id"
      | "transaction_id"
      | "amount"
      | "currency"
      | "reference"
      | "acquirer_reference"
      | "result_code"
      | "result_text"
      | "tries"
      | "created_at"
    >
  >

export type NewOperation = Omit<Operation, "id" | "state" | "created_at"> & {
  state?: OperationState
}

export interface Journal {
  record(operation: NewOperation): Promise<Operation>
  settle(
    id: string,
    change: Partial<Omit<Operation, "id" | "kind" | "provider_id">>
  ): Promise<void>
  /** Moves an operation from `from` to `to` only if it is still in `from` (one caller wins). */
  claim(id: string, from: OperationState, to: OperationState): Promise<boolean>
  /** Operations of one kind in the given states, oldest first. */
  list(
    filter: {
      kind?: OperationKind | OperationKind[]
      state?: OperationState[]
      order_no?: string | string[]
      reference?: string
      payment_id?: string
      session_id?: string
    },
    take?: number
  ): Promise<Operation[]>
}

/** The journal in the plugin module's table. */
export function moduleJournal(): Journal {
  return {
    async record(operation) {
      return acquiringModule().createAcquiringOperations({
        state: "sent",
        ...operation,
      })
    },
    async settle(id, change) {
      await acquiringModule().settleAcquiringOperation(id, change)
    },
    async claim(id, from, to) {
      return acquiringModule().claimAcquiringOperation(id, from, to)
    },
    async list(filter, take = 500) {
      const filters: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(filter))
        if (value !== undefined) filters[key] = value
      return acquiringModule().listAcquiringOperations(filters, {
        order: { created_at: "ASC" },
        take,
      })
    },
  }
}

/** The operations of these order numbers (the reconciliation's way from an order number to its session and payment). */
export async function operationsOfOrders(
  orderNos: string[]
): Promise<Operation[]> {
  return acquiringModule().listAcquiringOperations(
    { order_no: orderNos },
    { take: 10_000 }
  )
}

/** The payment session an attempt token (from a browser-facing URL) belongs to; NOT_FOUND when the journal knows no such attempt. */
export async function sessionOfAttempt(token: string): Promise<string> {
  const [attempt] = isAttemptToken(token)
    ? await moduleJournal().list(
        { kind: ["authorise", "checkout"], reference: token },
        1
      )
    : []
  if (!attempt?.session_id)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      "Unknown payment attempt"
    )
  return attempt.session_id
}
