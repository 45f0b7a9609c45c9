/**
 * Field names as the 400 answers show them: `device.os`, `items[2].name`.
 * Keys come from the client, so a key is shown only in a safe form: control
 * characters and unpaired surrogates escaped, long digit runs (a card number
 * sent as a key) and long keys cut.
 */
export type PathSegment = string | number | symbol

const UNSAFE_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export function safeKey(key: string): string {
  const escaped = key
    .replace(
      UNSAFE_CHAR,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`
    )
    .replace(/\d{7,}/g, "…")
  return escaped.length > 64 ? `${escaped.slice(0, 63)}…` : escaped
}

export function formatFieldPath(path: readonly PathSegment[]): string {
  let text = ""
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`
    else {
      const key = safeKey(String(segment))
      text += text ? `.${key}` : key
    }
  }
  return text || "body"
}
