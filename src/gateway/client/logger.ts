import { redact, scrubText } from "../redact"

/** Any logger with optional level methods (Medusa's logger, console, pino all fit). */
export interface AcquiringLogger {
  debug?: (message: string) => void
  info?: (message: string) => void
  warn?: (message: string) => void
  error?: (message: string) => void
  /** Medusa's logger: whether a level is printed at all. */
  shouldLog?: (level: string) => boolean
  /** pino's name for the same question. */
  isLevelEnabled?: (level: string) => boolean
}

export type LogLevel = "debug" | "info" | "warn" | "error"

export type LogFn = (
  level: LogLevel,
  message: string,
  details?: unknown
) => void

/**
 * Every printed line goes through redact(): card numbers masked, security
 * codes, expiry and sign_key dropped. Redaction and JSON encoding are the
 * expensive part, so they run only for a level the logger prints: a missing
 * method, or a logger that says (shouldLog / isLevelEnabled) it does not
 * print the level, costs one check. A logger that throws never breaks a payment.
 */
export function createLog(logger: AcquiringLogger | undefined): LogFn {
  if (!logger) return () => undefined
  return (level, message, details) => {
    try {
      if (!prints(logger, level)) return
      const suffix =
        details === undefined ? "" : ` ${JSON.stringify(redact(details))}`
      logger[level]!(scrubText(`[acquiring] ${message}`) + suffix)
    } catch {
      // logging is best effort
    }
  }
}

function prints(logger: AcquiringLogger, level: LogLevel): boolean {
  if (typeof logger[level] !== "function") return false
  if (typeof logger.shouldLog === "function") return logger.shouldLog(level)
  if (typeof logger.isLevelEnabled === "function")
    return logger.isLevelEnabled(level)
  return true
}
