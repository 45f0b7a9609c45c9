/**
 * The guide of docs/storefront.md ("Medusa's Next.js starter storefront,
 * step by step") applied as a developer applies it, by a machine: every
 * TypeScript block of the guide carries a directive in the HTML comment
 * before it, invisible on the rendered page, that says what the block does
 * to which file of the starter:
 *
 *   <!-- guide: file src/lib/data/acquiring.ts -->       the whole file
 *   <!-- guide: find src/…/payment/index.tsx -->          the starter's lines to look for (shown to the reader)
 *   <!-- guide: replace src/…/payment/index.tsx -->       in place of the lines of the `find` block just before
 *   <!-- guide: replace src/… | const Review = … -->      in place of that one line
 *   <!-- guide: after src/… | … -->, <!-- guide: before src/… | … -->   insert next to the lines or the line
 *   <!-- guide: check src/… -->                           the starter already has these lines
 *   <!-- guide: backend -->                               the Medusa app's config: not the storefront's
 *
 * Lines are compared without their leading and trailing spaces and must
 * occur exactly once, so an edit that no longer fits the starter fails
 * instead of landing elsewhere. Applied onto the shell app of
 * integration-tests/starter-shell, the guide gives examples/nextjs-checkout
 * (`npm run example:nextjs`) and the app the browser specs pay through.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { dirname, join, relative, resolve } from "node:path"

const ROOT = resolve(__dirname, "..", "..")
export const GUIDE = join(ROOT, "docs", "storefront.md")
export const SHELL = join(ROOT, "integration-tests", "starter-shell")
export const EXAMPLE = join(ROOT, "examples", "nextjs-checkout")
export const GUIDE_HEADING =
  "## Medusa's Next.js starter storefront, step by step"

const EDITS = ["replace", "after", "before"] as const
type Edit = (typeof EDITS)[number]

export type Directive =
  | { action: "file" | "find" | "check"; path: string }
  | { action: Edit; path: string; anchor?: string }
  | { action: "backend" }

export type DocBlock = {
  /** The line of the opening fence, 1-based. */
  line: number
  lang: string
  code: string
  /** In the Next.js guide (else the kit's reference above it). */
  inGuide: boolean
  directive?: Directive
}

// the comment right before the fence: `guide:`, the action, a path, and `| line` for an anchor
const DIRECTIVE =
  /<!--\s*guide:\s*(\w+)\s*((?:(?!-->)[^|])*?)\s*(?:\|\s*((?:(?!-->)[\s\S])*?)\s*)?-->\s*$/

function parseDirective(comment: RegExpMatchArray | null): Directive {
  if (!comment) throw new Error("no directive")
  const [, action, path, anchor] = comment
  if (action === "backend") return { action }
  if (!path) throw new Error(`guide: ${action} names no file`)
  if (action === "file" || action === "find" || action === "check")
    return { action, path }
  if ((EDITS as readonly string[]).includes(action))
    return { action: action as Edit, path, anchor }
  throw new Error(`guide: ${action} is no directive`)
}

/** Every fenced code block of the document, with its directive when one precedes it. */
export function docBlocks(markdown: string): DocBlock[] {
  const guideAt = markdown.indexOf(GUIDE_HEADING)
  const blocks: DocBlock[] = []
  for (const match of markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
    const at = match.index!
    const before = markdown.slice(0, at).trimEnd()
    const comment = before.match(DIRECTIVE)
    const line = markdown.slice(0, at).split("\n").length
    let directive: Directive | undefined
    try {
      directive = comment ? parseDirective(comment) : undefined
    } catch (error) {
      throw new Error(`docs/storefront.md:${line}: ${(error as Error).message}`)
    }
    blocks.push({
      line,
      lang: match[1],
      code: match[2],
      inGuide: guideAt >= 0 && at > guideAt,
      directive,
    })
  }
  return blocks
}

/** The guide's TypeScript blocks (ts, tsx): each must say what it does. */
export function guideBlocks(markdown: string): DocBlock[] {
  return docBlocks(markdown).filter(
    (block) => block.inGuide && /^tsx?$/.test(block.lang)
  )
}

const trimmed = (lines: string[]) => lines.map((line) => line.trim())

function linesOf(code: string): string[] {
  return code.replace(/\n$/, "").split("\n")
}

/** Where `anchor`'s lines stand in `lines` (compared trimmed), when they stand there exactly once. */
function locate(lines: string[], anchor: string[], where: string): number {
  const wanted = trimmed(anchor)
  const have = trimmed(lines)
  const found: number[] = []
  for (let i = 0; i + wanted.length <= have.length; i++)
    if (wanted.every((line, j) => have[i + j] === line)) found.push(i)
  if (found.length !== 1)
    throw new Error(
      `${where}: ${found.length ? `${found.length} places have` : "no place has"} the line${wanted.length > 1 ? "s" : ""} ${JSON.stringify(wanted.join("\n"))}`
    )
  return found[0]
}

export type Applied = {
  line: number
  action: Directive["action"]
  path?: string
}

/**
 * The guide applied to `files` (path → text, the starter's or the shell's):
 * answers the files afterwards and what each block did. Throws, naming the
 * block's line, when a block has no directive or an edit does not fit.
 */
export function applyGuide(
  files: Map<string, string>,
  markdown: string
): { files: Map<string, string>; applied: Applied[] } {
  const out = new Map(files)
  const applied: Applied[] = []
  let found: { path: string; lines: string[] } | undefined
  for (const block of guideBlocks(markdown)) {
    const where = `docs/storefront.md:${block.line}`
    const directive = block.directive
    if (!directive)
      throw new Error(
        `${where}: a block of the guide without <!-- guide: … --> before it`
      )
    applied.push({
      line: block.line,
      action: directive.action,
      ...("path" in directive ? { path: directive.path } : {}),
    })
    if (directive.action === "backend") continue
    const { path } = directive
    if (directive.action === "file") {
      out.set(path, block.code)
      continue
    }
    const text = out.get(path)
    if (text === undefined)
      throw new Error(`${where}: the starter has no ${path}`)
    const lines = linesOf(text)
    if (directive.action === "find" || directive.action === "check") {
      locate(lines, linesOf(block.code), `${where} (${path})`)
      if (directive.action === "find")
        found = { path, lines: linesOf(block.code) }
      continue
    }
    let anchor: string[]
    if ("anchor" in directive && directive.anchor) anchor = [directive.anchor]
    else if (found?.path === path) anchor = found.lines
    else
      throw new Error(
        `${where}: ${directive.action} names no line and follows no find block of ${path}`
      )
    found = undefined
    const at = locate(lines, anchor, `${where} (${path})`)
    const inserted = linesOf(block.code)
    const next =
      directive.action === "replace"
        ? [
            ...lines.slice(0, at),
            ...inserted,
            ...lines.slice(at + anchor.length),
          ]
        : directive.action === "after"
          ? [
              ...lines.slice(0, at + anchor.length),
              ...inserted,
              ...lines.slice(at + anchor.length),
            ]
          : [...lines.slice(0, at), ...inserted, ...lines.slice(at)]
    out.set(path, `${next.join("\n")}\n`)
  }
  return { files: out, applied }
}

/** A folder's files by their path in it (what a developer's own runs leave behind is not part of it). */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      if (["node_modules", ".next", "package-lock.json"].includes(name))
        continue
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.set(relative(dir, path), readFileSync(path, "utf8"))
    }
  }
  walk(dir)
  return files
}

export function writeTree(dir: string, files: Map<string, string>): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
}

const EXAMPLE_README = `# Next.js checkout: the guide applied

A Next.js storefront in the shape of Medusa's Next.js starter, paying
through \`medusa-payment-acquiring\`: the acquirer's payment methods for
the cart, the card form, the hosted page for wallets and bank transfers,
the return page that places the order or says why not, and the page that
waits for a bank transfer until its money arrives or it lapses.

Every file the guide in \`docs/storefront.md\` writes or changes is here as
the guide has it; the pages around the checkout are plain ones of this
repository. This folder is written by \`npm run example:nextjs\` from
\`integration-tests/starter-shell\` and the guide's blocks: change those,
not these files (\`docs/storefront-guide.test.ts\` fails on any difference).
How to run it: docs/storefront.md, "The Next.js checkout example".
`

/** The example: the shell with the guide applied, and a README saying so. */
export function nextjsExample(markdown = readFileSync(GUIDE, "utf8")) {
  const shell = readTree(SHELL)
  shell.delete("README.md")
  const { files } = applyGuide(shell, markdown)
  files.set("README.md", EXAMPLE_README)
  return files
}

/**
 * `npm run example:nextjs`: writes the example afresh (a developer's
 * node_modules and build stay). `npm run example:nextjs -- --onto <dir>`
 * applies the guide to a checkout of Medusa's starter instead (to check the
 * guide against another commit of it), writing the files it changes there.
 */
if (require.main === module) {
  const onto = process.argv.indexOf("--onto")
  if (onto > 0) {
    const dir = resolve(process.argv[onto + 1])
    const starter = readTree(dir)
    const { files, applied } = applyGuide(starter, readFileSync(GUIDE, "utf8"))
    const changed = new Map([...files].filter(([p, t]) => starter.get(p) !== t))
    writeTree(dir, changed)
    console.log(
      `${applied.length} blocks of the guide applied; ${changed.size} files written in ${dir}`
    )
    process.exit(0)
  }
  const files = nextjsExample()
  mkdirSync(EXAMPLE, { recursive: true })
  for (const path of readTree(EXAMPLE).keys())
    if (!files.has(path)) rmSync(join(EXAMPLE, path))
  writeTree(EXAMPLE, files)
  console.log(`examples/nextjs-checkout: ${files.size} files written`)
}
