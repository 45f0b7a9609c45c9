import { redact, scrubText } from "../redact"

/** Any logger with optional level methods (Medusa's logger, console, pino all fit). */
export interface AcquiringLogger {
  debug?: (message: string) => void
  info?: (message: string) => void
  warn?: (message: string) => void
  error?: (message: string) => void
}

export type LogLevel = keyof AcquiringLogger

export type LogFn = (
  level: LogLevel,
  message: string,
  details?: unknown
) => void

/**
 * Every line goes through redact(): card numbers masked, security codes,
 * expiry and sign_key dropped. A logger that throws never breaks a payment.
 */
export function createLog(logger: AcquiringLogger | undefined): LogFn {
  return (level, message, details) => {
    const write = logger?.[level]
    if (typeof write !== "function") return
    try {
      const suffix =
        details === undefined ? "" : ` ${JSON.stringify(redact(details))}`
      write.call(logger, scrubText(`[acquiring] ${message}`) + suffix)
    } catch {
      // logging is best effort
    }
  }
}
