/**
 * What a session starts from (cart snapshot, client and device data, a
 * subscription, a picked method), handed from whoever gathered it to the
 * provider's initiatePayment. Medusa writes the request's `data` to the
 * payment session row before it asks the provider, and hands that row to
 * storefronts: so `data` carries only an opaque token, and what it names
 * travels in the request's own async context. Nothing is written for it,
 * and nothing outlives the request. Tokens of intakes that earlier versions
 * kept in the plugin's table are still taken from there.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { randomBytes } from "node:crypto"
import { acquiringModule } from "../modules/acquiring/module-access"

const INTAKE = "intake:"

interface HeldIntake {
  token: string
  gathered: Record<string, unknown>
  taken: boolean
}

const held = new AsyncLocalStorage<HeldIntake>()

/** Runs `run` with the intake held for it; `run` hands the token to Medusa as the session's `data.intake`. */
export function withIntake<T>(
  gathered: Record<string, unknown>,
  run: (token: string) => T
): T {
  const token = `${INTAKE}${randomBytes(18).toString("base64url")}`
  return held.run({ token, gathered, taken: false }, () => run(token))
}

/** Takes an intake once; anything that is not one of its tokens answers undefined. */
export async function takeIntake(
  token: unknown
): Promise<Record<string, unknown> | undefined> {
  if (
    typeof token !== "string" ||
    !token.startsWith(INTAKE) ||
    token.length > 64
  )
    return undefined
  const own = held.getStore()
  if (own?.token === token) {
    if (own.taken) return undefined
    own.taken = true
    return own.gathered
  }
  const kept = await acquiringModule().takeSessionState(token)
  return kept && typeof kept === "object"
    ? (kept as Record<string, unknown>)
    : undefined
}
