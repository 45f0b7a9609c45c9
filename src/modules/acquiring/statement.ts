/** How the module's service runs its hand-written SQL: one statement with its values, on the caller's manager. */
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

export type Statement = { text: string; values: unknown[] }

/** The statement's rows, run on the context's manager (inside its transaction when it has one). */
export async function rowsOf<T = unknown>(
  context: Context<SqlEntityManager>,
  statement: Statement
): Promise<T[]> {
  return (await context.manager!.execute(
    statement.text,
    statement.values,
    "all"
  )) as T[]
}
