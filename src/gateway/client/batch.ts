/**
 * Batch operations accept any number of entries; the service takes a limited
 * number per request. Entries are split into chunks, each chunk is its own
 * (separately signed) request, sent one after another, and the results are
 * merged back in input order.
 */
import { AcquiringError } from "../errors"

export function chunk<T>(entries: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`chunk size must be a positive integer, got ${size}`)
  const chunks: T[][] = []
  for (let start = 0; start < entries.length; start += size)
    chunks.push(entries.slice(start, start + size))
  return chunks
}

/**
 * Splits by count and by the length of the joined text (the look-up
 * selectors are comma-separated and capped in characters as well).
 */
export function chunkJoined(
  values: readonly string[],
  maxCount: number,
  maxChars: number,
  separator = ","
): string[][] {
  const chunks: string[][] = []
  let current: string[] = []
  let length = 0
  for (const value of values) {
    if (value.length > maxChars)
      throw new RangeError(
        `a single value is longer than ${maxChars} characters`
      )
    const added =
      current.length === 0
        ? value.length
        : length + separator.length + value.length
    if (current.length === maxCount || added > maxChars) {
      chunks.push(current)
      current = []
      length = 0
    }
    length =
      current.length === 0
        ? value.length
        : length + separator.length + value.length
    current.push(value)
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

/**
 * Runs one request per chunk, in order, and concatenates the per-chunk
 * results. When a later chunk fails, the error carries the results of the
 * chunks already done in `completed_entries`: those requests did happen.
 */
export async function runChunks<T, R>(
  chunks: readonly T[][],
  run: (entries: T[], index: number) => Promise<R[]>
): Promise<R[]> {
  const results: R[] = []
  for (let index = 0; index < chunks.length; index++) {
    try {
      results.push(...(await run(chunks[index], index)))
    } catch (error) {
      if (index > 0 && error instanceof AcquiringError)
        error.completed_entries = [...results]
      throw error
    }
  }
  return results
}

/**
 * Pairs each request entry with its response entry: by transaction_id where
 * the response names one, else by position. Unmatched entries get undefined.
 */
export function matchEntries<
  Q extends { transaction_id?: unknown },
  S extends { transaction_id?: unknown },
>(requested: readonly Q[], answered: readonly S[]): Array<S | undefined> {
  const used = new Set<number>()
  const byPosition = answered.length === requested.length
  return requested.map((entry, index) => {
    const id = entry.transaction_id
    const found = answered.findIndex(
      (candidate, at) => !used.has(at) && candidate.transaction_id === id
    )
    if (found !== -1) {
      used.add(found)
      return answered[found]
    }
    if (
      byPosition &&
      !used.has(index) &&
      (answered[index].transaction_id ?? "") === ""
    ) {
      used.add(index)
      return answered[index]
    }
    return undefined
  })
}
