/**
 * Medusa's HTTP access log, as a store in production writes it, and a
 * search of log lines for card numbers.
 *
 * Medusa (framework/http/express-loader) logs every request with morgan
 * when the response finishes: the path with its query (`req.originalUrl`),
 * the Referer, the User-Agent and the request id. With NODE_ENV "test" it
 * logs nothing; with a NODE_ENV starting with "dev" it writes a text line
 * through Medusa's logger; with any other value (production) a JSON line
 * straight to process.stdout, never through the logger or the console.
 * `captureAccessLog` boots Medusa with such a NODE_ENV and records those
 * JSON lines; call it at the top of a spec, before `acquiringSuite`, so it
 * runs before Medusa boots.
 */
import { appendFileSync } from "node:fs"
// the sandbox's own check, independent of the redaction the scan tests
import { luhnValid } from "../../src/sandbox/test-cards"

export type AccessLogLine = {
  method?: string
  path?: string
  status?: number
  referrer?: string
  user_agent?: string
  request_id?: string
  raw: string
}

/** Not "test" (nothing logged) and not "dev…" (the text format): the JSON lines of production, without production's other settings. */
const ACCESS_LOG_NODE_ENV = "access-log-scan"

export function captureAccessLog(): {
  lines: () => AccessLogLine[]
  clear: () => void
} {
  let lines: AccessLogLine[] = []
  let nodeEnv: string | undefined
  let originalWrite: typeof process.stdout.write | undefined

  beforeAll(() => {
    nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = ACCESS_LOG_NODE_ENV
    const stdout = process.stdout
    originalWrite = stdout.write
    const passOn = originalWrite.bind(stdout) as (...args: unknown[]) => boolean
    stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
      const text =
        typeof chunk === "string"
          ? chunk
          : Buffer.isBuffer(chunk)
            ? chunk.toString("utf8")
            : ""
      const line = accessLine(text.trimEnd())
      if (line) {
        lines.push(line)
        // ACQUIRING_TEST_LOG_FILE keeps these beside the logger's lines (helpers/log-capture.ts)
        if (process.env.ACQUIRING_TEST_LOG_FILE)
          appendFileSync(process.env.ACQUIRING_TEST_LOG_FILE, `${line.raw}\n`)
        return true // recorded, kept off the test output
      }
      return passOn(chunk, ...rest)
    }) as typeof process.stdout.write
  })

  afterAll(() => {
    if (originalWrite) process.stdout.write = originalWrite
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  })

  return { lines: () => lines, clear: () => (lines = []) }
}

function accessLine(text: string): AccessLogLine | undefined {
  if (!text.startsWith("{") || !text.includes('"level":"http"')) return
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>
    if (parsed.level !== "http") return
    return { ...(parsed as Omit<AccessLogLine, "raw">), raw: text }
  } catch {
    return
  }
}

// 13–19 digits, each optionally preceded by one space or hyphen, not inside a longer number
const DIGIT_RUN = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g
// request ids and the like are not card data, and their digit groups joined by hyphens can pass Luhn
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** Percent-escapes decoded one by one (a stray `%` stays), `+` read as a space as in a query string. */
function decoded(text: string): string {
  return text
    .replace(/\+/g, " ")
    .replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
      String.fromCharCode(parseInt(hex, 16))
    )
}

/**
 * Runs of 13–19 digits (single spaces or hyphens between them allowed)
 * that pass Luhn, in the text as written and with its percent-escapes
 * decoded: what a reader of the log would take for a card number.
 */
export function cardLikeRuns(text: string): string[] {
  const found = new Set<string>()
  for (const variant of [text, decoded(text)]) {
    for (const match of variant.replace(UUID, "-").matchAll(DIGIT_RUN)) {
      const digits = match[0].replace(/\D/g, "")
      if (luhnValid(digits)) found.add(match[0])
    }
  }
  return [...found]
}

/** Every line holding a card-like run, with the runs found. */
export function linesWithCardLikeRuns(
  lines: string[]
): { line: string; runs: string[] }[] {
  return lines
    .map((line) => ({ line, runs: cardLikeRuns(line) }))
    .filter((hit) => hit.runs.length > 0)
}
