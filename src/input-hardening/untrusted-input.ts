/**
 * Checks a parsed request body before any schema sees it: strings that
 * PostgreSQL cannot store (NUL, unpaired UTF-16 surrogates, rejected by
 * text and jsonb columns), over-long strings, keys that reach an object's
 * prototype, deep nesting and oversized objects or lists. The walk stops at
 * the limits, so a hostile body costs at most `max_nodes` visits.
 */
import { formatFieldPath, PathSegment } from "./field-path"

export type InputLimits = {
  /** Longest string value or key, in UTF-16 code units. */
  max_string_chars: number
  /** Containers from the body down (the body itself is level 1). */
  max_depth: number
  max_keys: number
  max_items: number
  /** Values visited before the body is refused as too large. */
  max_nodes: number
  /** Issues reported before the walk stops. */
  max_issues: number
}

export const DEFAULT_INPUT_LIMITS: InputLimits = {
  max_string_chars: 2_000,
  max_depth: 8,
  max_keys: 100,
  max_items: 200,
  max_nodes: 5_000,
  max_issues: 10,
}

export type InputIssue = { field: string; reason: string }

/**
 * Keys that reach Object.prototype when copied with `obj[key] = …` or
 * merged, and keys that shadow the methods a string conversion calls: an
 * object holding `toString: {}` throws when written into a message, as
 * Medusa's own validators write the value they refuse.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
])

const NUL = "\u0000"
const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why PostgreSQL (or the length limit) would refuse this string; undefined when fine. */
export function unstorableReason(
  text: string,
  maxChars: number
): string | undefined {
  if (text.length > maxChars) return `must be at most ${maxChars} characters`
  if (text.includes(NUL))
    return "contains a NUL character, which cannot be stored"
  if (LONE_SURROGATE.test(text)) {
    return "contains an unpaired UTF-16 surrogate, which cannot be stored"
  }
  return undefined
}

export function inspectUntrusted(
  value: unknown,
  overrides: Partial<InputLimits> = {}
): InputIssue[] {
  const limits = { ...DEFAULT_INPUT_LIMITS, ...overrides }
  const issues: InputIssue[] = []
  let nodes = 0
  const report = (path: PathSegment[], reason: string) => {
    issues.push({ field: formatFieldPath(path), reason })
  }
  const full = () => issues.length >= limits.max_issues

  // Iterative walk: deep bodies cannot exhaust the call stack.
  const stack: { value: unknown; path: PathSegment[]; depth: number }[] = [
    { value, path: [], depth: 0 },
  ]
  while (stack.length && !full()) {
    const next = stack.pop()!
    if (++nodes > limits.max_nodes) {
      issues.push({
        field: "body",
        reason: `must hold at most ${limits.max_nodes} values`,
      })
      break
    }
    const { path, depth } = next
    if (typeof next.value === "string") {
      const reason = unstorableReason(next.value, limits.max_string_chars)
      if (reason) report(path, reason)
      continue
    }
    if (next.value === null || typeof next.value !== "object") continue

    if (depth + 1 > limits.max_depth) {
      report(path, `is nested deeper than ${limits.max_depth} levels`)
      continue
    }
    if (Array.isArray(next.value)) {
      if (next.value.length > limits.max_items) {
        report(path, `must hold at most ${limits.max_items} items`)
        continue
      }
      for (let index = next.value.length - 1; index >= 0; index--) {
        stack.push({
          value: next.value[index],
          path: [...path, index],
          depth: depth + 1,
        })
      }
      continue
    }
    const keys = Object.keys(next.value)
    if (keys.length > limits.max_keys) {
      report(path, `must hold at most ${limits.max_keys} fields`)
      continue
    }
    const children: typeof stack = []
    for (const key of keys) {
      if (RESERVED_KEYS.has(key)) {
        report([...path, key], "is a reserved name and is not accepted")
        continue
      }
      const keyReason = unstorableReason(key, limits.max_string_chars)
      if (keyReason) {
        report([...path, key], `has a name that ${keyReason}`)
        continue
      }
      children.push({
        value: (next.value as Record<string, unknown>)[key],
        path: [...path, key],
        depth: depth + 1,
      })
    }
    stack.push(...children.reverse())
  }
  return issues.slice(0, limits.max_issues)
}
