/**
 * The scripts an HTML page runs inline, read the way a browser reads them
 * (parse5 follows the HTML standard: newlines normalised, entities in
 * attributes decoded), so their CSP hashes match what the browser computes.
 */
import { parse } from "parse5"
import { createHash } from "node:crypto"

type Node = {
  nodeName: string
  tagName?: string
  value?: string
  attrs?: { name: string; value: string }[]
  childNodes?: Node[]
  content?: Node
}

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
  const stack: Node[] = [parse(html) as unknown as Node]
  while (stack.length) {
    const node = stack.pop()!
    for (const attr of node.attrs ?? []) {
      if (/^on/i.test(attr.name)) found.handlers.push(attr.value)
    }
    if (node.tagName === "script") {
      const attrs = new Map((node.attrs ?? []).map((a) => [a.name, a.value]))
      const type = (attrs.get("type") ?? "").trim().toLowerCase()
      if (EXECUTABLE_TYPES.has(type)) {
        const src = attrs.get("src")
        if (src !== undefined) found.external.push(src)
        else {
          found.inline.push(
            (node.childNodes ?? []).map((child) => child.value ?? "").join("")
          )
        }
      }
    }
    if (node.content) stack.push(node.content)
    for (const child of [...(node.childNodes ?? [])].reverse())
      stack.push(child)
  }
  return found
}

/** A CSP hash source: `'sha256-<base64>'` of the UTF-8 text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`
}
