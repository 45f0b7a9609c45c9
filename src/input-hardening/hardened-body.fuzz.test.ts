import fc from "fast-check"
import { z } from "zod"
import { inspectUntrusted, parseBody } from "."
import {
  cardNumberForms,
  validPan,
} from "../gateway/__fixtures__/fuzz/card-data"
import { jsonish } from "../gateway/__fixtures__/fuzz/hostile-input"
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../gateway/__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

function storable(text: string): boolean {
  return (
    !text.includes("\u0000") &&
    Buffer.from(text, "utf8").toString("utf8") === text
  )
}

/** Every string (keys included) and the deepest container level of a JSON value, counted here independently. */
function survey(
  value: unknown,
  depth = 0
): { strings: string[]; depth: number } {
  if (typeof value === "string") return { strings: [value], depth }
  if (value === null || typeof value !== "object") return { strings: [], depth }
  const own = depth + 1
  const entries = Array.isArray(value)
    ? value.map((v) => ["", v] as const)
    : Object.entries(value)
  const strings: string[] = Array.isArray(value) ? [] : Object.keys(value)
  let deepest = own
  for (const [, child] of entries) {
    const inner = survey(child, own)
    strings.push(...inner.strings)
    deepest = Math.max(deepest, inner.depth)
  }
  return { strings, depth: deepest }
}

const limits = { max_depth: 4, max_string_chars: 10, max_keys: 3, max_items: 3 }

it("never throws, and passes a body only when every string is storable, short and the nesting shallow", () => {
  fc.assert(
    fc.property(fc.oneof(jsonish, fc.jsonValue({ maxDepth: 6 })), (value) => {
      const issues = inspectUntrusted(value, limits)
      const { strings, depth } = survey(value)
      const reserved = strings.some((s) =>
        [
          "__proto__",
          "constructor",
          "prototype",
          "toString",
          "valueOf",
        ].includes(s)
      )
      const clean =
        depth <= limits.max_depth &&
        strings.every((s) => storable(s) && s.length <= limits.max_string_chars)
      if (issues.length === 0) {
        expect(clean).toBe(true)
      } else {
        for (const issue of issues) {
          expect(storable(issue.field)).toBe(true)
          expect(storable(issue.reason)).toBe(true)
        }
      }
      if (!clean && !reserved) expect(issues.length).toBeGreaterThan(0)
    }),
    fuzzParameters()
  )
})

it("answers the contract's 400 body for anything a schema would choke on, never quoting a card number", () => {
  const Schema = z
    .object({ card: z.object({ number: z.string() }).strict() })
    .strict()
  fc.assert(
    fc.property(jsonish, validPan, fc.boolean(), (noise, pan, asKey) => {
      const body = asKey
        ? { card: { [pan]: noise, number: pan } }
        : { card: { number: pan, noise } }
      const parsed = parseBody(Schema, body)
      expect(parsed.success).toBe(false)
      if (parsed.success) return
      expect(parsed.body).toEqual({
        type: "invalid_data",
        message: expect.any(String),
        issues: expect.any(Array),
      })
      expect(parsed.body.message).toMatch(/^Invalid request: /)
      for (const form of cardNumberForms(pan))
        expect(JSON.stringify(parsed.body)).not.toContain(form)
    }),
    fuzzParameters()
  )
})
