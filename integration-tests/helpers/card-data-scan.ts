import { appendFileSync } from "node:fs"
import { Client } from "pg"
import { cardLikeRunsIn } from "./card-like-runs"

export type CardDataHit = { table: string; column: string; reason: string }

/** Keys that would mean card data was written into a JSON document. */
const CARD_KEYS = [
  "card",
  "card_number",
  "number",
  "security_code",
  "cvv",
  "cvc",
  "expiration_month",
  "expiration_year",
  "expiry_month",
  "expiry_year",
]

/**
 * Searches every text-like column of every table in `public` for a card
 * number (anywhere in the value) and a security code (as a whole value, or
 * as a whole JSON string/number anywhere in a document: three digits occur
 * inside ids and timestamps all the time), and JSON documents for card keys
 * whose value is the card number, the security code or an expiry part.
 */
export async function findCardData(
  connectionString: string,
  secrets: CardSecrets
): Promise<CardDataHit[]> {
  return withColumns(connectionString, (client, columns) =>
    cardDataIn(client, columns, secrets)
  )
}

export type CardSecrets = {
  cardNumbers: string[]
  securityCodes: string[]
  expiry?: { month: string; year: string }
}

/**
 * Both scans after a test on one connection and one reading of which
 * columns hold rows: the planted secrets, then any card number.
 */
export async function scanForCards(
  connectionString: string,
  secrets: CardSecrets,
  label = ""
): Promise<{ cardData: CardDataHit[]; cardNumbers: CardNumberHit[] }> {
  return withColumns(connectionString, async (client, columns) => ({
    cardData: await cardDataIn(client, columns, secrets),
    cardNumbers: await cardNumbersIn(client, columns, label),
  }))
}

async function withColumns<T>(
  connectionString: string,
  scan: (client: Client, columns: Column[]) => Promise<T>
): Promise<T> {
  const client = new Client({ connectionString })
  await client.connect()
  try {
    return await scan(client, await filledColumns(client))
  } finally {
    await client.end()
  }
}

async function cardDataIn(
  client: Client,
  columns: Column[],
  secrets: CardSecrets
): Promise<CardDataHit[]> {
  const keyValues = [
    ...secrets.cardNumbers,
    ...secrets.securityCodes,
    ...(secrets.expiry ? [secrets.expiry.month, secrets.expiry.year] : []),
  ]
  // first the columns whose text could hold any of it (one pattern each, as
  // cheap as the card-number scan); the exact checks then read only those
  const suspects = await columnsMatching(client, columns, (column) =>
    suspectShape(column, secrets, keyValues)
  )
  if (!suspects.length) return []
  // one statement for the whole database: a query per column and secret cost seconds per test
  const checks = suspects.flatMap(columnChecks)
  const parameters = [
    secrets.cardNumbers.map((pan) => `%${pan}%`),
    secrets.securityCodes,
    CARD_KEYS,
    keyValues,
  ]
  // $3 and $4 are the JSON checks': PostgreSQL refuses parameters no check reads
  const json = suspects.some(isJson)
  const { rows } = await client.query<CardDataHit>(
    checks.join("\nUNION ALL\n"),
    json ? parameters : parameters.slice(0, 2)
  )
  return rows
}

/**
 * What a column's text holds wherever an exact check below would hit: a card
 * number anywhere, a security code as the whole value (text) or as a JSON
 * value, a secret as an object's value (JSON).
 */
function suspectShape(
  column: Column,
  secrets: CardSecrets,
  keyValues: string[]
): string {
  const json = isJson(column)
  const codes = secrets.securityCodes.map((code) =>
    json ? jsonValueShape(code) : `^${escaped(code)}$`
  )
  return [
    ...secrets.cardNumbers.map(escaped),
    ...codes,
    ...(json ? [keyValueShape(keyValues)] : []),
  ]
    .map((shape) => `(${shape})`)
    .join("|")
}

/** The columns with a value whose text matches the column's pattern, in one statement. */
async function columnsMatching(
  client: Client,
  columns: Column[],
  pattern: (column: Column) => string
): Promise<Column[]> {
  if (!columns.length) return []
  const { rows } = await client.query<{ index: number }>(
    columns
      .map(
        (column, index) =>
          `(SELECT ${index} AS index FROM ${quoted(column.table_name)} WHERE ${quoted(column.table_name)}.${quoted(column.column_name)}::text ~ ${literal(pattern(column))} LIMIT 1)`
      )
      .join("\nUNION ALL\n")
  )
  return rows.map(({ index }) => columns[index])
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A document's text holding one of `values` as an object's value, a string or the same digits as a number. */
function keyValueShape(values: string[]): string {
  const any = values.map(escaped).join("|")
  return `:\\s*("(${any})"|(${any}))\\s*[,}]`
}

/** A document's text holding `code` as a whole value anywhere: a string, or a number equal to it. */
function jsonValueShape(code: string): string {
  const number = /^[0-9]+$/.test(code)
    ? `|${code.replace(/^0+(?=[0-9])/, "")}(\\.0+)?`
    : ""
  return `(^|[\\[:,])\\s*("${escaped(code)}"${number})\\s*([\\],}]|$)`
}

type Column = { table_name: string; column_name: string; data_type: string }

const isJson = ({ data_type }: Column) =>
  data_type === "json" || data_type === "jsonb"

const COLUMNS_SQL = `SELECT c.relname AS table_name, a.attname AS column_name,
              CASE WHEN t.typname IN ('json', 'jsonb') THEN t.typname
                   WHEN t.typcategory = 'A' THEN 'ARRAY' ELSE 'text' END AS data_type
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         JOIN pg_type t ON t.oid = a.atttypid
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
          AND (t.typname IN ('text', 'varchar', 'bpchar', 'json', 'jsonb') OR t.typcategory = 'A')`

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/**
 * The checks of one column, each a SELECT answering its hits: a card number
 * anywhere in the value ($1, LIKE patterns); a security code ($2) as the
 * whole value or as a whole JSON string/number anywhere in a document; and
 * in JSON, a card key ($3) whose value is a card number, security code or
 * expiry part ($4).
 */
function columnChecks(suspect: Column): string[] {
  const { table_name, column_name } = suspect
  const table = quoted(table_name)
  const column = `${table}.${quoted(column_name)}`
  const hit = (reason: string) =>
    `SELECT ${literal(table_name)} AS table, ${literal(column_name)} AS column, ${reason} AS reason`
  const json = isJson(suspect)
  const checks = [
    `(${hit("'card number'")} FROM ${table} WHERE ${column}::text LIKE ANY($1::text[]) LIMIT 1)`,
    json
      ? `(${hit("'security code'")} FROM ${table}, unnest($2::text[]) AS code(v)
          WHERE jsonb_path_exists(${column}::jsonb, '$.** ? (@ == $code || @ == $num)', jsonb_build_object('code', code.v, 'num', code.v::numeric)) LIMIT 1)`
      : `(${hit("'security code'")} FROM ${table} WHERE ${column}::text = ANY($2::text[]) LIMIT 1)`,
  ]
  if (json)
    checks.push(
      `(SELECT DISTINCT ${literal(table_name)} AS table, ${literal(column_name)} AS column, 'card key "' || pair.k || '"' AS reason
          FROM ${table}, LATERAL jsonb_path_query(${column}::jsonb, 'lax $.** ? (@.type() == "object").keyvalue()') AS kv(item),
               LATERAL (SELECT kv.item->>'key' AS k, kv.item->'value' AS v) AS pair
         WHERE pair.k = ANY($3::text[]) AND jsonb_typeof(pair.v) IN ('string', 'number')
           AND (pair.v #>> '{}') = ANY($4::text[]))`
    )
  return checks
}

export type CardNumberHit = {
  table: string
  column: string
  run: string
  context: string
}

/** A 13-digit run at least, single spaces or hyphens allowed: what may hold a card number. */
const MAY_HOLD_CARD = "[0-9]([ -]?[0-9]){12}"

/**
 * Every card number (helpers/card-like-runs.ts: any Luhn-valid run of
 * 13–19 digits, not only the test cards) in any text-like column of any
 * table in `public` that holds rows. The database picks the values that
 * may hold one (one statement); the runs are judged here.
 *
 * `ACQUIRING_TEST_CARD_SCAN_REPORT` names a file that gets every run found,
 * the ones left out with their reason too (JSON lines): how the exclusions
 * were chosen, and how to check them again.
 */
export async function findCardNumbers(
  connectionString: string,
  label = ""
): Promise<CardNumberHit[]> {
  return withColumns(connectionString, (client, columns) =>
    cardNumbersIn(client, columns, label)
  )
}

async function cardNumbersIn(
  client: Client,
  columns: Column[],
  label: string
): Promise<CardNumberHit[]> {
  if (!columns.length) return []
  const { rows } = await client.query<{
    table: string
    column: string
    value: string
  }>(
    columns
      .map(
        ({ table_name, column_name }) =>
          `(SELECT ${literal(table_name)} AS table, ${literal(column_name)} AS column, ${quoted(table_name)}.${quoted(column_name)}::text AS value FROM ${quoted(table_name)} WHERE ${quoted(table_name)}.${quoted(column_name)}::text ~ '${MAY_HOLD_CARD}')`
      )
      .join("\nUNION ALL\n")
  )
  const hits: (CardNumberHit & { excluded?: string })[] = rows.flatMap((row) =>
    cardLikeRunsIn(row.value).map((run) => ({
      table: row.table,
      column: row.column,
      ...run,
    }))
  )
  const report = process.env.ACQUIRING_TEST_CARD_SCAN_REPORT
  if (report)
    for (const hit of hits)
      appendFileSync(
        report,
        `${JSON.stringify({ where: "database", label, ...hit })}\n`
      )
  return hits
    .filter((hit) => !hit.excluded)
    .map(({ table, column, run, context }) => ({
      table,
      column,
      run,
      context,
    }))
}

/**
 * The text-like columns of the tables that hold rows (most of Medusa's are
 * empty in a test): a table that ever held a row has a page on disk, so
 * only those whose main fork is empty are left out. One catalog query, not
 * a probe of every table.
 */
async function filledColumns(client: Client): Promise<Column[]> {
  const { rows } = await client.query<Column>(
    `${COLUMNS_SQL} AND (c.relkind = 'p' OR pg_relation_size(c.oid) > 0)`
  )
  return rows
}
