/**
 * Retention limits: how much the sandbox remembers. A long-running sandbox
 * (a dev server, a load test) keeps the most recent records only, so its
 * memory stays bounded; reset() still forgets everything at once.
 */

export interface RetentionLimits {
  /** entries of the request log; default 5,000 */
  requests: number
  /** notification records (delivery of older ones still completes); default 5,000 */
  notifications: number
  /** transactions per merchant account, oldest forgotten first; default 10,000 */
  transactions: number
}

export const DEFAULT_RETENTION: Readonly<RetentionLimits> = Object.freeze({
  requests: 5_000,
  notifications: 5_000,
  transactions: 10_000,
})

export function resolveRetention(
  overrides: Partial<RetentionLimits> = {}
): RetentionLimits {
  const limits = { ...DEFAULT_RETENTION }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    if (!(name in limits))
      throw new RangeError(`unknown retention limit "${name}"`)
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(
        `retention.${name} must be a whole number of at least 1`
      )
    limits[name as keyof RetentionLimits] = value
  }
  return limits
}

/**
 * The last `max` items pushed, oldest first. Trimming is amortised: the
 * array is compacted once the dropped prefix reaches a tenth of `max`, so a
 * push stays O(1) instead of shifting the whole array every time.
 */
export class RetainedList<T> {
  private items: T[] = []
  private start = 0

  constructor(private readonly max: number) {}

  push(item: T): void {
    this.items.push(item)
    if (this.items.length - this.start > this.max) this.start += 1
    if (this.start > 0 && this.start >= Math.max(1, this.max / 10)) {
      this.items = this.items.slice(this.start)
      this.start = 0
    }
  }

  /** Every retained item, oldest first (a copy). */
  toArray(): T[] {
    return this.items.slice(this.start)
  }

  find(match: (item: T) => boolean): T | undefined {
    for (let i = this.items.length - 1; i >= this.start; i--)
      if (match(this.items[i])) return this.items[i]
    return undefined
  }

  get size(): number {
    return this.items.length - this.start
  }

  clear(): void {
    this.items = []
    this.start = 0
  }
}
