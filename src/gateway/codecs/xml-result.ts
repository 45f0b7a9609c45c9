/**
 * The direct payment result: an XML document whose root element is `respon`.
 * Parsed to a flat record of strings (no number or boolean guessing: "0012"
 * and "-1" must stay as sent) with `risk_reasons` always an array.
 */
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser"
import { AcquiringError } from "../errors"

export const RESULT_ROOT = "respon"

export interface RiskReason {
  name: string
  status: string
}

/** Known fields are strings; unknown nested elements are kept as the parser shapes them. */
export type ResponRecord = Record<string, unknown> & {
  risk_reasons: RiskReason[]
}

/** The service's answer is not a readable `respon` document. */
export class ResultFormatError extends AcquiringError {
  readonly format = "xml"
  constructor(reason: string) {
    super(`result document rejected: ${reason}`)
  }
}

const parser = new XMLParser({
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreAttributes: true,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Only what XML defines: the five predefined entities (always on) and
  // numeric character references such as &#233;. An object here is the
  // parser's table of extra named entities, and any table turns numeric
  // references on; `true` would load the whole HTML table (&nbsp;, &copy;, …),
  // which a respon document cannot use and which costs about half the parse.
  htmlEntities: {} as unknown as boolean,
  // The parser's tree as it reads it: its own second pass into plain objects
  // costs about as much as the parse, and a respon needs only one level.
  preserveOrder: true,
})

const TEXT = "#text"

/** One node of the parser's ordered tree: `{ [name]: children }` or `{ "#text": value }`. */
type OrderedNode = Record<string, unknown>

function nameOf(node: OrderedNode): string {
  for (const key in node) if (key !== ":@") return key
  return ""
}

/**
 * An element's value as the parser's plain-object output shapes it: "" when
 * empty, its text when it holds only text, else an object of its children
 * (a repeated child becomes a list; text beside elements is `#text`).
 */
function valueOf(children: OrderedNode[]): unknown {
  if (children.length === 0) return ""
  if (children.length === 1 && TEXT in children[0])
    return String(children[0][TEXT])
  const out: Record<string, unknown> = {}
  for (const child of children) {
    const name = nameOf(child)
    const value =
      name === TEXT
        ? String(child[TEXT])
        : valueOf(child[name] as OrderedNode[])
    if (!(name in out)) out[name] = value
    else if (name === TEXT) out[name] = `${String(out[name])}${String(value)}`
    else if (Array.isArray(out[name])) (out[name] as unknown[]).push(value)
    else out[name] = [out[name], value]
  }
  return out
}

const builder = new XMLBuilder({
  format: true,
  suppressEmptyNode: false,
  ignoreAttributes: true,
})

export function parseResponXml(xml: string): ResponRecord {
  const text = xml.replace(/^\uFEFF/, "").trim()
  if (text === "") throw new ResultFormatError("empty body")
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    throw new ResultFormatError(
      `not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`
    )
  }
  let doc: OrderedNode[]
  try {
    doc = parser.parse(text) as OrderedNode[]
  } catch {
    // The validator lets some documents through that the parser refuses
    // (a DOCTYPE inside an element); the parser's text may quote the body.
    throw new ResultFormatError("not readable XML")
  }
  const roots = doc.map(nameOf).filter((name) => !name.startsWith("!"))
  if (roots.length > 1 && roots.every((name) => name === RESULT_ROOT))
    throw new ResultFormatError(`more than one <${RESULT_ROOT}> root element`)
  if (roots.length !== 1 || roots[0] !== RESULT_ROOT) {
    throw new ResultFormatError(
      `root element must be <${RESULT_ROOT}>, found ${[...new Set(roots)].map((r) => `<${r}>`).join(", ") || "none"}`
    )
  }
  const root = doc.find((node) => nameOf(node) === RESULT_ROOT)!
  const body = valueOf(root[RESULT_ROOT] as OrderedNode[])
  if (body !== "" && typeof body !== "object") {
    throw new ResultFormatError(
      `<${RESULT_ROOT}> must contain elements, not text`
    )
  }
  const fields: Record<string, unknown> =
    body === "" ? {} : (body as Record<string, unknown>)
  return { ...fields, risk_reasons: normalizeRiskReasons(fields.risk_reasons) }
}

/**
 * Accepts every shape seen or plausible: absent or empty; one element with
 * name/status children; repeated `risk_reasons` elements; one element with
 * repeated name/status pairs; or a wrapper element around reason elements.
 */
export function normalizeRiskReasons(value: unknown): RiskReason[] {
  if (value === undefined || value === null || value === "") return []
  if (Array.isArray(value)) return value.flatMap(normalizeRiskReasons)
  if (typeof value !== "object") {
    throw new ResultFormatError(
      "risk_reasons must hold name and status elements"
    )
  }
  const record = value as Record<string, unknown>
  if ("name" in record || "status" in record) {
    const names = asList(record.name)
    const statuses = asList(record.status)
    const count = Math.max(names.length, statuses.length)
    return Array.from({ length: count }, (_, i) => ({
      name: text(names[i]),
      status: text(statuses[i]),
    }))
  }
  const children = Object.values(record)
  if (children.length === 1) return normalizeRiskReasons(children[0])
  throw new ResultFormatError("risk_reasons must hold name and status elements")
}

function asList(value: unknown): unknown[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

function text(value: unknown): string {
  if (value === undefined || value === null) return ""
  if (typeof value === "object")
    throw new ResultFormatError("risk_reasons name and status must be text")
  return String(value)
}

/**
 * Writes a `respon` document (for the sandbox). Fields in insertion order;
 * undefined fields left out; each risk reason becomes its own
 * `<risk_reasons>` element with `name` and `status` children, none an empty
 * `<risk_reasons></risk_reasons>` (DECISION: the interface names only the
 * element and its two children).
 */
export function buildResponXml(fields: Record<string, unknown>): string {
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (name === "risk_reasons") {
      const reasons = normalizeRiskReasons(value)
      body.risk_reasons =
        reasons.length === 0
          ? ""
          : reasons.map((r) => ({ name: r.name, status: r.status }))
      continue
    }
    body[name] = value === null ? "" : value
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [RESULT_ROOT]: body })}`
}
