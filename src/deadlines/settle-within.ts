/**
 * Work raced against a time budget: a caller answers on time with what it
 * has (a fallback, a hand-over) instead of waiting for work that is slow
 * under load. The work itself runs on; what late work means is the
 * caller's. The timer is cleared once either side settles and never keeps
 * a process alive on its own.
 */

/** What settleWithin answers when the budget ran out first. */
export const LATE: unique symbol = Symbol("late")

/** The work's result (or its rejection) when it settles within `ms`; LATE otherwise. */
export async function settleWithin<T>(
  work: Promise<T>,
  ms: number
): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), Math.max(0, ms))
    timer.unref()
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}
