import { Client } from "pg"

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
  secrets: {
    cardNumbers: string[]
    securityCodes: string[]
    expiry?: { month: string; year: string }
  }
): Promise<CardDataHit[]> {
  const client = new Client({ connectionString })
  await client.connect()
  try {
    const { rows: columns } = await client.query<{
      table_name: string
      column_name: string
      data_type: string
    }>(
      `SELECT c.table_name, c.column_name, c.data_type
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`
    )
    const hits: CardDataHit[] = []
    for (const { table_name, column_name, data_type } of columns) {
      const column = `"${column_name.replace(/"/g, '""')}"`
      const table = `"${table_name.replace(/"/g, '""')}"`
      for (const pan of secrets.cardNumbers) {
        const { rows } = await client.query(
          `SELECT 1 FROM ${table} WHERE ${column}::text LIKE $1 LIMIT 1`,
          [`%${pan}%`]
        )
        if (rows.length)
          hits.push({
            table: table_name,
            column: column_name,
            reason: "card number",
          })
      }
      for (const code of secrets.securityCodes) {
        const sql =
          data_type === "json" || data_type === "jsonb"
            ? `SELECT 1 FROM ${table} WHERE jsonb_path_exists(${column}::jsonb, '$.** ? (@ == $code || @ == $num)', jsonb_build_object('code', $1::text, 'num', $1::numeric)) LIMIT 1`
            : `SELECT 1 FROM ${table} WHERE ${column}::text = $1 LIMIT 1`
        const { rows } = await client.query(sql, [code])
        if (rows.length)
          hits.push({
            table: table_name,
            column: column_name,
            reason: "security code",
          })
      }
      if (data_type === "json" || data_type === "jsonb") {
        const { rows } = await client.query(
          `SELECT DISTINCT pair.k FROM ${table}, LATERAL jsonb_path_query(${table}.${column}::jsonb, 'lax $.** ? (@.type() == "object").keyvalue()') AS kv(item),
                  LATERAL (SELECT kv.item->>'key' AS k, kv.item->'value' AS v) AS pair
            WHERE pair.k = ANY($1) AND jsonb_typeof(pair.v) IN ('string', 'number')
              AND (pair.v #>> '{}') = ANY($2)`,
          [
            CARD_KEYS,
            [
              ...secrets.cardNumbers,
              ...secrets.securityCodes,
              ...(secrets.expiry
                ? [secrets.expiry.month, secrets.expiry.year]
                : []),
            ],
          ]
        )
        for (const row of rows)
          hits.push({
            table: table_name,
            column: column_name,
            reason: `card key "${row.k}"`,
          })
      }
    }
    return hits
  } finally {
    await client.end()
  }
}
