/**
 * The keys an attempt is counted by. Counters are kept under a hash of each
 * key (masking.ts), so the counter backend never holds a raw session id, IP
 * or publishable key.
 */
import type { AttemptKeys } from "./velocity-guard"
import { counterKey } from "./masking"

/** The scopes counted per key (the store-wide breaker and CAPTCHA aside). */
export type KeyScope = "session" | "ip" | "publishable_key"

/** The order a check reports the first refusal in. */
export const KEY_SCOPES = ["session", "ip", "publishable_key"] as const

/** Each scope's counter id for an attempt; none when the route had no such key. */
export type KeyIds = Record<KeyScope, string | undefined>

export function idsOf(keys: AttemptKeys): KeyIds {
  const id = (scope: string, value: string | undefined) =>
    value ? counterKey(`${scope}:${value}`) : undefined
  return {
    session: id("session", keys.session_id),
    ip: id("ip", keys.ip),
    publishable_key: id("publishable_key", keys.publishable_key),
  }
}
