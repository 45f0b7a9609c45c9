/**
 * Every CSV the plugin writes (the chargebacks' export), one rule for its
 * cells, after OWASP's guidance on CSV injection: a cell that starts with a
 * character a spreadsheet reads as the start of a formula (`=`, `+`, `-`,
 * `@`, a tab, a carriage return, or their full-width forms `＝ ＋ － ＠`,
 * which spreadsheets may read as the ASCII ones) gets a leading single
 * quote and is written between double quotes. Nothing else changes: the
 * spreadsheet shows `-2+3` as text, and a reader that strips the one
 * added quote gets the value the page shows. The writing itself (quotes
 * doubled, cells with a comma, quote or line break quoted) is
 * csv-stringify's.
 */
import { stringify } from "csv-stringify/sync"

const FORMULA_START = "=+\\-@\\t\\r\uFF1D\uFF0B\uFF0D\uFF20"

/** A value whose first character starts a formula. */
export const STARTS_A_FORMULA = new RegExp(`^[${FORMULA_START}]`)

/** The cell's text: the value, with a leading quote when it would start a formula. */
export function safeCell(value: string): string {
  return STARTS_A_FORMULA.test(value) ? `'${value}` : value
}

/** A cell that the rule changed: written quoted. */
const GUARDED = new RegExp(`^'[${FORMULA_START}]`)

/** Rows of text (null: empty) as a CSV with a header of the column names, `\n` between records. */
export function csvTable<C extends string>(
  columns: readonly C[],
  rows: Record<C, string | null | undefined>[]
): string {
  return stringify(
    rows.map((row) => columns.map((column) => safeCell(row[column] ?? ""))),
    {
      header: true,
      columns: [...columns],
      quoted_match: GUARDED,
      record_delimiter: "\n",
    }
  )
}
