/**
 * A 400 from the plugin's admin routes names each refused field in its
 * message: "Invalid request: base_url: must be …; currencies[0]: …" (the
 * body check) or "website_url: is required …; backend_url: …" (a check of
 * the whole). The SDK's error keeps only that message, so a form reads the
 * fields back from it to show each reason beside its field.
 */
export interface FieldErrors<F extends string> {
  /** one reason per field the message names (the first it gives) */
  fields: Partial<Record<F, string>>
  /** what names none of the form's fields: for an alert above the form */
  rest?: string
}

const PREFIX = /^Invalid request:\s*/
// the body check names at most five fields, then counts the others
const MORE = /\s*\(and (\d+) more\)\s*$/

function escaped(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

/** "[0]" → "entry 1", ".recipes.pay" → "recipes.pay": the part below the field, as a reader says it. */
function below(subpath: string): string {
  return subpath
    .replace(/^\./, "")
    .replace(
      /^\[(\d+)\]\.?/,
      (_, index: string) => `entry ${Number(index) + 1} `
    )
    .trim()
}

export function fieldErrorsOf<F extends string>(
  message: string,
  known: readonly F[]
): FieldErrors<F> {
  const fields: Partial<Record<F, string>> = {}
  const rest: string[] = []
  let text = message.trim().replace(PREFIX, "")
  const more = MORE.exec(text)
  if (more) text = text.slice(0, more.index)

  // a field starts the message or follows "; ": "known: …" inside a reason is not one
  const names = [...known].sort((a, b) => b.length - a.length).map(escaped)
  const start = new RegExp(
    `(?:^|;\\s+)(${names.join("|")})((?:\\.[A-Za-z0-9_-]+|\\[\\d+\\])*):\\s`,
    "g"
  )
  const hits = names.length ? [...text.matchAll(start)] : []
  const before = (hits[0]?.index ?? text.length) > 0
  if (before) rest.push(text.slice(0, hits[0]?.index ?? text.length).trim())

  hits.forEach((hit, i) => {
    const end = hits[i + 1]?.index ?? text.length
    const reason = text
      .slice(hit.index + hit[0].length, end)
      .trim()
      .replace(/;$/, "")
    const field = hit[1] as F
    const sub = below(hit[2])
    fields[field] ??= sub ? `${sub}: ${reason}` : reason
  })

  if (more) rest.push(`${more[1]} more field(s) refused`)
  const left = rest.filter(Boolean).join("; ")
  return left ? { fields, rest: left } : { fields }
}
