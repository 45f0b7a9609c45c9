/**
 * application/x-www-form-urlencoded bodies, and a sniffer for request bodies
 * whose declared media type cannot be trusted (the service's own samples
 * declare form-urlencoded while sending JSON).
 */
import { InvalidInputError } from "../errors"

export type FormValue =
  string | number | boolean | bigint | null | undefined | object

/**
 * Encodes a flat record. DECISION: a nested value (object or array) is sent
 * as its JSON text under its own name, so a form body carries the same data
 * as the JSON body would, without inventing a bracket syntax the service
 * never documented. null and undefined fields are left out.
 */
export function encodeForm(fields: Record<string, FormValue>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue
    params.append(
      name,
      typeof value === "object" ? JSON.stringify(value) : String(value)
    )
  }
  return params.toString()
}

/** Decodes a form body to strings; when a name repeats, the last value wins. */
export function decodeForm(body: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(body)) {
    out[name] = value
  }
  return out
}

/**
 * Reads a request body in either encoding: a body whose first non-blank
 * character is `{` is JSON, anything else is form-urlencoded, whatever the
 * Content-Type says. The declared type only sharpens the error message.
 */
export function decodeBody(
  raw: string,
  contentType?: string
): Record<string, unknown> {
  const text = raw.replace(/^\uFEFF/, "")
  if (text.trimStart().startsWith("{")) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      throw new InvalidInputError(
        "body",
        `starts with "{" but is not valid JSON (${(error as Error).message})`
      )
    }
    if (
      parsed === null ||
      typeof parsed !== "object" ||
      Array.isArray(parsed)
    ) {
      throw new InvalidInputError("body", "JSON body must be an object")
    }
    return parsed as Record<string, unknown>
  }
  if (contentType && /\bjson\b/i.test(contentType) && text.trim() !== "") {
    throw new InvalidInputError(
      "body",
      `declared ${contentType} but does not start with "{"`
    )
  }
  return decodeForm(text.trim())
}
