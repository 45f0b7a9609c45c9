/**
 * Card numbers the acquirer wrote into its texts were stored whole before
 * the gateway masked them as it parses them: a chargeback's reason, a
 * result or refusal text, the session's result, and what the plugin wrote
 * from them into Medusa (the storefront view's result, a lost chargeback's
 * refund note, the admin feed's chargeback notices). This masks them where
 * they are, by the same rule (maskCardNumbersInText), once, in the
 * migration that ships the rule. Only those fields: identifiers beside
 * them are kept exactly.
 */
import { maskCardNumbersInText } from "../../gateway/index"

/** Runs SQL with `?` parameters and answers the rows. */
export type Execute = (
  sql: string,
  params?: unknown[]
) => Promise<Record<string, unknown>[]>

/**
 * A value with a run of 13 digits at least (single spaces or hyphens
 * allowed): what may hold a card number. `{0,1}`, not `?`: the statements
 * take `?` parameters.
 */
const MAY_HOLD_CARD = `~ '[0-9]([ -]{0,1}[0-9]){12}'`

/** Text columns, with the rows of them the plugin wrote. */
const TEXT_COLUMNS: { table: string; column: string; where?: string }[] = [
  { table: "acquiring_chargeback", column: "reason_text" },
  { table: "acquiring_operation", column: "result_text" },
  {
    table: "refund",
    column: "note",
    where: `"note" like 'Chargeback % lost (reason %'`,
  },
]

/** JSON columns, with the paths of the acquirer's texts in them. */
const JSON_COLUMNS: {
  table: string
  column: string
  where?: string
  mask: (data: Record<string, any>) => void
}[] = [
  {
    table: "acquiring_session_state",
    column: "data",
    mask: (data) => {
      maskField(data.result, "text")
      maskField(data.three_ds, "result")
      for (const reason of asList(data.risk?.reasons)) maskField(reason, "name")
    },
  },
  ...["payment_session", "payment"].map((table) => ({
    table,
    column: "data",
    where: `"provider_id" like 'pp_acquiring-%'`,
    mask: (data: Record<string, any>) => maskField(data.result, "text"),
  })),
  {
    table: "notification",
    column: "data",
    where: `"channel" = 'feed' and "data"->>'title' like 'Chargeback %'`,
    mask: (data) => maskField(data, "description"),
  },
]

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function maskField(holder: unknown, key: string): void {
  if (holder === null || typeof holder !== "object") return
  const record = holder as Record<string, unknown>
  if (typeof record[key] === "string")
    record[key] = maskCardNumbersInText(record[key] as string)
}

async function exists(execute: Execute, table: string): Promise<boolean> {
  const [row] = await execute(`select to_regclass(?) is not null as "found"`, [
    `public.${table}`,
  ])
  return !!row?.found
}

/** Masks what was stored; answers how many rows changed, by table. */
export async function maskStoredTexts(
  execute: Execute
): Promise<Record<string, number>> {
  const changed: Record<string, number> = {}
  const count = (table: string) => (changed[table] = (changed[table] ?? 0) + 1)
  for (const { table, column, where } of TEXT_COLUMNS) {
    if (!(await exists(execute, table))) continue
    const rows = await execute(
      `select "id", "${column}" as "value" from "${table}" where "${column}" ${MAY_HOLD_CARD}${where ? ` and ${where}` : ""}`
    )
    for (const row of rows) {
      const masked = maskCardNumbersInText(String(row.value))
      if (masked === row.value) continue
      await execute(`update "${table}" set "${column}" = ? where "id" = ?`, [
        masked,
        row.id,
      ])
      count(table)
    }
  }
  for (const { table, column, where, mask } of JSON_COLUMNS) {
    if (!(await exists(execute, table))) continue
    const rows = await execute(
      `select "id", "${column}"::text as "value" from "${table}" where "${column}"::text ${MAY_HOLD_CARD}${where ? ` and ${where}` : ""}`
    )
    for (const row of rows) {
      const data = JSON.parse(String(row.value)) as Record<string, any>
      mask(data)
      const text = JSON.stringify(data)
      if (text === JSON.stringify(JSON.parse(String(row.value)))) continue
      await execute(
        `update "${table}" set "${column}" = ?::jsonb where "id" = ?`,
        [text, row.id]
      )
      count(table)
    }
  }
  return changed
}
