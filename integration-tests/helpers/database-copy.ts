import { randomInt } from "node:crypto"
import { Client } from "pg"
import { TEMPLATE_DATABASE_VARIABLE } from "../setup/template-variable"

/** PostgreSQL's "source database is being accessed by other users": another file is copying it this moment. */
const TEMPLATE_IN_USE = "55006"

function maintenanceClient(): Client {
  return new Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * A name for a test file's database: random letters, never digits, since
 * Medusa logs the name and the suite scans every log line for card-like
 * digit runs (CI once met a hexadecimal name whose 12 digits and the worker
 * id made a Luhn-valid 13-digit run).
 */
export function fileDatabaseName(worker = process.env.JEST_WORKER_ID): string {
  const letters = Array.from({ length: 12 }, () =>
    String.fromCharCode(97 + randomInt(26))
  ).join("")
  return `acquiring-${letters}-w${worker ?? "1"}`
}

/**
 * Creates the test file's database as a copy of the run's migrated one
 * (global-setup.ts), so Medusa's runner finds the schema in place and its
 * migrations have nothing left to do. Without a migrated database (a run
 * that did not go through the global setup) the runner migrates as usual.
 */
export async function copyMigratedDatabase(name: string): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_VARIABLE]
  if (!template) return
  const client = maintenanceClient()
  await client.connect()
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(
          `CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`
        )
        return
      } catch (error) {
        const code = (error as { code?: string }).code
        if (code !== TEMPLATE_IN_USE || attempt === 20) throw error
        await new Promise((again) => setTimeout(again, 50 * attempt))
      }
    }
  } finally {
    await client.end()
  }
}

/** Drops the run's migrated database (an external server keeps what it is not told to drop). */
export async function dropMigratedDatabase(): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_VARIABLE]
  if (!template) return
  const client = maintenanceClient()
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(template)}`)
  } finally {
    await client.end()
  }
}
