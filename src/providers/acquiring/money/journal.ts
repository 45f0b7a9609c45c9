/**
 * The operations journal as the money operations use it: a request that may
 * move money is recorded before it leaves and settled when its outcome is
 * known. Backed by the plugin module's table; unit tests pass a memory one.
 */
import { journalService } from "../../../modules/acquiring/journal-access"

export type OperationKind =
  | "authorise"
  | "checkout"
  | "capture"
  | "void"
  | "review"
  | "refund"
  | "cancel_subscription"
export type OperationState =
  "sent" | "unknown" | "done" | "refused" | "recorded"

export interface Operation {
  id: string
  provider_id: string
  kind: OperationKind
  state: OperationState
  order_no: string
  session_id?: string | null
  payment_id?: string | null
  transaction_id?: string | null
  amount?: string | null
  currency?: string | null
  reference?: string | null
  acquirer_reference?: string | null
  result_code?: string | null
  result_text?: string | null
  tries?: number
  created_at?: Date | string
}

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
      const created = await journalService().createAcquiringOperations({
        state: "sent",
        ...operation,
      } as never)
      return created as unknown as Operation
    },
    async settle(id, change) {
      await journalService().settleAcquiringOperation(id, change)
    },
    async claim(id, from, to) {
      return journalService().claimAcquiringOperation(id, from, to)
    },
    async list(filter, take = 500) {
      const filters: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(filter))
        if (value !== undefined) filters[key] = value
      const rows = await journalService().listAcquiringOperations(
        filters as never,
        {
          order: { created_at: "ASC" },
          take,
        }
      )
      return rows as unknown as Operation[]
    },
  }
}
