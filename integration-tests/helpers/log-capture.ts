import { logger } from "@medusajs/framework/logger"
import { appendFileSync } from "node:fs"
import { Writable } from "node:stream"
import winston from "winston"
import { cardLikeRunsIn } from "./card-like-runs"

const METHODS = ["log", "info", "warn", "error", "debug"] as const

type WinstonLogger = {
  level: string
  transports: { level?: string }[]
  add(t: unknown): void
  remove(t: unknown): void
}

/**
 * Records everything Medusa's logger (and so the plugin) writes while a test
 * file runs, with the logger turned up to debug so every line the plugin
 * logs is seen, plus anything written with console.* directly. The console
 * itself still shows only warnings and errors.
 */
export function captureLogs(): { lines: () => string[]; clear: () => void } {
  let lines: string[] = []
  const originals = new Map<string, (...args: unknown[]) => void>()
  const consoleLevels = new Map<{ level?: string }, string | undefined>()
  const sink = new winston.transports.Stream({
    level: "silly",
    stream: new Writable({
      write(chunk, _encoding, done) {
        const line = String(chunk).trimEnd()
        lines.push(line)
        // Set ACQUIRING_TEST_LOG_FILE to keep every captured line for reading later.
        if (process.env.ACQUIRING_TEST_LOG_FILE)
          appendFileSync(process.env.ACQUIRING_TEST_LOG_FILE, `${line}\n`)
        done()
      },
    }),
  })
  const instance = (logger as unknown as { loggerInstance_: WinstonLogger })
    .loggerInstance_

  beforeAll(() => {
    for (const transport of instance.transports) {
      consoleLevels.set(transport, transport.level)
      transport.level = "warn"
    }
    instance.add(sink)
    logger.setLogLevel("debug")
    for (const method of METHODS) {
      const original = console[method].bind(console) as (
        ...args: unknown[]
      ) => void
      originals.set(method, original)
      console[method] = (...args: unknown[]) => {
        const line = args
          .map((a) => (typeof a === "string" ? a : safeJson(a)))
          .join(" ")
        lines.push(line)
        // knex reports each pooled connection the runner ends to snapshot or restore the database.
        if (line !== "Connection Error: Connection ended unexpectedly")
          original(...args)
      }
    }
  })

  afterAll(() => {
    logger.unsetLogLevel()
    instance.remove(sink)
    for (const [transport, level] of consoleLevels) {
      transport.level = level
    }
    for (const [method, original] of originals) {
      console[method as (typeof METHODS)[number]] = original
    }
  })

  return { lines: () => lines, clear: () => (lines = []) }
}

function safeJson(value: unknown): string {
  try {
    return value instanceof Error
      ? `${value.name}: ${value.message}\n${value.stack ?? ""}`
      : JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/** Log lines that carry a card number, or a security code or expiry next to its field name. */
export function linesWithCardData(
  lines: string[],
  secrets: {
    cardNumbers: string[]
    securityCodes: string[]
    expiry: { month: string; year: string }
  }
): string[] {
  const codes = secrets.securityCodes.join("|")
  const fieldValue = new RegExp(
    `(security_code|cvv2?|cvc)\\W{1,4}(${codes})\\b|expir\\w*\\W{1,4}(${secrets.expiry.year}|${secrets.expiry.month})\\b`,
    "i"
  )
  return lines.filter(
    (line) =>
      secrets.cardNumbers.some((pan) => line.includes(pan)) ||
      fieldValue.test(line)
  )
}

/**
 * Log lines holding a card number (helpers/card-like-runs.ts: any
 * Luhn-valid run of 13–19 digits, whoever wrote it), with the runs found.
 * ACQUIRING_TEST_CARD_SCAN_REPORT gets every run, excluded ones too.
 */
export function linesWithCardNumbers(
  lines: string[],
  label = ""
): { line: string; runs: string[] }[] {
  const report = process.env.ACQUIRING_TEST_CARD_SCAN_REPORT
  const found: { line: string; runs: string[] }[] = []
  for (const line of lines) {
    const runs = cardLikeRunsIn(line)
    if (report)
      for (const run of runs)
        appendFileSync(
          report,
          `${JSON.stringify({ where: "log", label, ...run })}\n`
        )
    const kept = runs.filter((run) => !run.excluded).map((run) => run.run)
    if (kept.length) found.push({ line, runs: kept })
  }
  return found
}
