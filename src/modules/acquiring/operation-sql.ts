/** The journal's hand-written statements: one UPDATE each, never a read-diff-write. */
import type { Statement } from "./statement"
import { OPERATION_COLUMNS, type OperationSettlement } from "./writable-columns"

/** Moves an operation from `from` to `to` only if it is still in `from`: its id comes back when this statement moved it. */
export function claimOperation(
  id: string,
  from: string,
  to: string
): Statement {
  return {
    text: `update "acquiring_operation" set "state" = ?, "settled_at" = now(), "updated_at" = now() where "id" = ? and "state" = ? and "deleted_at" is null returning "id"`,
    values: [to, id, from],
  }
}

/**
 * Writes what became of an operation (the generated update reads the row,
 * diffs it and reads it back: three round trips on the path of every
 * payment); a final state stamps `settled_at`.
 */
export function settleOperation(
  id: string,
  change: OperationSettlement
): Statement {
  const entries = Object.entries(change).filter(
    ([column, value]) => OPERATION_COLUMNS.has(column) && value !== undefined
  )
  const final =
    change.state !== undefined &&
    change.state !== "sent" &&
    change.state !== "unknown"
  const sets = [
    ...entries.map(([column]) => `"${column}" = ?`),
    ...(final ? [`"settled_at" = now()`] : []),
    `"updated_at" = now()`,
  ]
  return {
    text: `update "acquiring_operation" set ${sets.join(", ")} where "id" = ?`,
    values: [...entries.map(([, value]) => value), id],
  }
}
