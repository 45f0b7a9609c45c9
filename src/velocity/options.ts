/**
 * Options of the velocity limits on card submission and hosted-page
 * creation. Every limit has a default; `null` switches one off.
 */
import { z } from "zod"

const seconds = z
  .number()
  .int()
  .positive()
  .max(31 * 24 * 3600)

/** At most `max` events per fixed window of `window_s` seconds. */
const WindowLimitSchema = z
  .object({ max: z.number().int().positive(), window_s: seconds })
  .strict()

export type WindowLimit = z.output<typeof WindowLimitSchema>

const scopeLimits = (attempts: WindowLimit, declines: WindowLimit) =>
  z
    .object({
      attempts: WindowLimitSchema.nullable().default(attempts),
      declines: WindowLimitSchema.nullable().default(declines),
    })
    .strict()
    .prefault({})

export const VelocityOptionsSchema = z
  .object({
    enabled: z.boolean().default(true),
    /**
     * `auto`: Redis when a URL is known (this option's `redis_url`, else
     * Medusa's `projectConfig.redisUrl`), memory otherwise. Memory counters
     * are per process: run Redis when the store has several instances.
     */
    backend: z.enum(["auto", "memory", "redis"]).default("auto"),
    redis_url: z.string().min(1).optional(),
    key_prefix: z.string().min(1).max(100).default("acquiring:velocity"),
    /** One payment session: the card-testing unit an attacker pays least for. */
    session: scopeLimits(
      { max: 10, window_s: 24 * 3600 },
      { max: 5, window_s: 24 * 3600 }
    ),
    /** One client IP as Express's `req.ip` reports it under the trust-proxy setting. */
    ip: scopeLimits({ max: 30, window_s: 600 }, { max: 10, window_s: 3600 }),
    /** One publishable API key: every shopper of a sales channel shares it. */
    publishable_key: scopeLimits(
      { max: 600, window_s: 60 },
      { max: 200, window_s: 600 }
    ),
    /**
     * Store-wide decline-rate breaker: when at least `min_outcomes` answers
     * came back in a window and `max_decline_percent` of them or more were
     * declines, every attempt is refused for `open_s` seconds.
     */
    breaker: z
      .object({
        window_s: seconds.default(600),
        min_outcomes: z.number().int().positive().default(100),
        max_decline_percent: z.number().int().min(1).max(100).default(80),
        open_s: seconds.default(900),
      })
      .strict()
      .nullable()
      .prefault({}),
    /**
     * Ask the CAPTCHA hook once a session (or an IP) has this many declines;
     * the default hook accepts everything, so this does nothing until the
     * store supplies one.
     */
    captcha: z
      .object({ after_declines: z.number().int().positive().default(3) })
      .strict()
      .prefault({}),
  })
  .strict()

export type VelocityOptionsInput = z.input<typeof VelocityOptionsSchema>
export type VelocityOptions = z.output<typeof VelocityOptionsSchema>

/** Parses the options; a bad one throws naming the option, never its value. */
export function parseVelocityOptions(
  input: VelocityOptionsInput | undefined
): VelocityOptions {
  const parsed = VelocityOptionsSchema.safeParse(input ?? {})
  if (parsed.success) return parsed.data
  const first = parsed.error.issues[0]
  const path = ["velocity", ...first.path.map(String)].join(".")
  throw new Error(`invalid option ${path}: ${first.message}`)
}
