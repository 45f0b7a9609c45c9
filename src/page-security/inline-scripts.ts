/**
 * The scripts an HTML page runs inline, read the way a browser reads them
 * (parse5 follows the HTML standard: newlines normalised, entities in
 * attributes decoded), so their CSP hashes match what the browser computes.
 */
import { parse, type DefaultTreeAdapterMap } from "parse5"
import { createHash } from "node:crypto"

type Node = DefaultTreeAdapterMap["node"]

/** Script types a browser executes (an absent or empty type is JavaScript). */
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
])

export type PageScripts = {
  /** Text of each inline script element the browser would run. */
  inline: string[]
  /** Values of `on…` event-handler attributes (`onload="…"`). */
  handlers: string[]
  /** `src` of each external script, as written. */
  external: string[]
}

export function readPageScripts(html: string): PageScripts {
  const found: PageScripts = { inline: [], handlers: [], external: [] }
  const stack: Node[] = [parse(html)]
  while (stack.length) {
    const node = stack.pop()!
    const attrs = "attrs" in node ? node.attrs : []
    for (const attr of attrs) {
      if (/^on/i.test(attr.name)) found.handlers.push(attr.value)
    }
    if ("tagName" in node && node.tagName === "script") {
      const named = new Map(attrs.map((a) => [a.name, a.value]))
      const type = (named.get("type") ?? "").trim().toLowerCase()
      if (EXECUTABLE_TYPES.has(type)) {
        const src = named.get("src")
        if (src !== undefined) found.external.push(src)
        else {
          found.inline.push(
            node.childNodes
              .map((child) => ("value" in child ? child.value : ""))
              .join("")
          )
        }
      }
    }
    if ("content" in node) stack.push(node.content)
    const children = "childNodes" in node ? node.childNodes : []
    for (const child of [...children].reverse()) stack.push(child)
  }
  return found
}

/** A CSP hash source: `'sha256-<base64>'` of the UTF-8 text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`
}
