/**
 * Card numbers where none belongs. A body, path or query that a checkout
 * sends to one of Medusa's own routes never carries a card number (the
 * card goes only to the plugin's card route); Medusa's validators and
 * error handler write a refused value into their message and their log.
 * So every string value, key and number holding a card number (the
 * masking rule: 13–19 digits passing Luhn, single spaces or hyphens
 * allowed), and every whole number past 2^53 (a longer card number sent as
 * a number, whose digits JavaScript has already rounded), is an issue
 * naming its field, never the value; a card-like key is named in its safe
 * form (field-path.ts).
 */
import { maskCardNumbersInText } from "../gateway/index"
import { formatFieldPath, type PathSegment } from "./field-path"
import type { InputIssue } from "./untrusted-input"

const REASON =
  "must not hold a card number; card details go only to the card route"

/** Whether a text holds a card number by the masking rule. */
export function holdsCardNumber(text: string): boolean {
  return maskCardNumbersInText(text) !== text
}

function cardLike(value: unknown): boolean {
  if (typeof value === "string") return holdsCardNumber(value)
  if (typeof value === "bigint") return holdsCardNumber(String(value))
  if (typeof value !== "number" || !Number.isFinite(value)) return false
  // past 2^53 the digits read are not the digits sent: a long whole number cannot be told from a card
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return true
  return holdsCardNumber(String(value))
}

/**
 * The fields of a value holding a card number, at most `max`. Walks at most
 * `maxNodes` values (run it after inspectUntrusted, which bounds a body).
 */
export function cardNumberIssues(
  value: unknown,
  max = 10,
  maxNodes = 5_000
): InputIssue[] {
  const issues: InputIssue[] = []
  const stack: { value: unknown; path: PathSegment[] }[] = [{ value, path: [] }]
  for (let nodes = 0; stack.length && issues.length < max; nodes++) {
    if (nodes >= maxNodes) break
    const next = stack.pop()!
    if (cardLike(next.value)) {
      issues.push({ field: formatFieldPath(next.path), reason: REASON })
      continue
    }
    if (next.value === null || typeof next.value !== "object") continue
    const entries = Array.isArray(next.value)
      ? next.value.map((item, index) => [index, item] as const)
      : Object.entries(next.value)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]
      const path = [...next.path, key]
      if (typeof key === "string" && holdsCardNumber(key))
        issues.push({ field: formatFieldPath(path), reason: REASON })
      else stack.push({ value: child, path })
    }
  }
  return issues.slice(0, max)
}
