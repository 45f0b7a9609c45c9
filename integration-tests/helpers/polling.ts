import { budget } from "../setup/time-budget"

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  referenceMs = 20_000
): Promise<T> {
  const timeoutMs = budget(referenceMs)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) {
      return value
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    }
    await pollAgain()
  }
}

/** How often a test looks again for what it waits on: a read of the state, not a guess at how long it takes. */
export const POLL_MS = 50

export function pollAgain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, POLL_MS))
}
