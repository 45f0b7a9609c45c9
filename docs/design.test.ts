/**
 * docs/design.md names files, folders, exports and types of the code; this
 * fails when one of them no longer exists, and when a list the document
 * gives as complete differs from the code (top folders of src, gateway
 * client files, package exports, lock keys, session fields, the
 * storefront view's keys).
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { SessionDataSchema } from "../src/payment-sessions/session-data"
import { STOREFRONT_VIEW_KEYS } from "../src/payment-sessions/storefront-view"

const ROOT = join(__dirname, "..")
const DOC = readFileSync(join(__dirname, "design.md"), "utf8")

/** Where a relative name in the document may start. */
const BASES = [
  "",
  "src",
  "src/gateway",
  "src/gateway/schemas",
  "src/providers/acquiring",
  "src/payment-sessions",
  "src/sandbox",
  "src/api",
  "dev/local-stack",
]

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory())
      return name === "node_modules" ? [] : sourceFiles(path)
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : []
  })
}

const SOURCES = sourceFiles("src").map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), "utf8"),
}))

function codeSpans(): string[] {
  return [...DOC.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])
}

/** Every name in the document's tree blocks: the first column of ```-fenced lines, children under their folder. */
function treePaths(): string[] {
  // untagged fences only: ```ts blocks are code
  const blocks: string[] = []
  let open: string[] | null = null
  let tagged = false
  for (const line of DOC.split("\n")) {
    if (line.startsWith("```")) {
      if (open) {
        if (!tagged) blocks.push(open.join("\n"))
        open = null
      } else {
        open = []
        tagged = line.length > 3
      }
    } else open?.push(line)
  }
  const paths: string[] = []
  for (const block of blocks) {
    let parent = ""
    for (const line of block.split("\n")) {
      const indent = /^\s*/.exec(line)![0]
      const head = line.trim().split(/\s{2,}/)[0]
      const names = head
        .split(/,\s*/)
        .filter((name) => /^[\w.-]+(\/[\w.-]+)*\/?$/.test(name))
        .filter((name) => name.includes("/") || /\.\w+$/.test(name))
      if (!names.length) continue
      if (!indent) parent = names[0].endsWith("/") ? names[0] : ""
      for (const name of names) paths.push(indent ? parent + name : name)
    }
  }
  return paths
}

function exists(name: string): boolean {
  const clean = name.replace(/\/$/, "")
  if (clean.includes("*")) {
    const dir = clean.slice(0, clean.lastIndexOf("/"))
    return BASES.some((base) => existsSync(join(ROOT, base, dir)))
  }
  // a built file is named by its source
  const source = clean.replace(/\.js$/, ".ts")
  return BASES.some((base) => existsSync(join(ROOT, base, source)))
}

/** A folder (trailing slash) or a file (an extension); not a package, route or lint rule. */
const isPath = (span: string) =>
  /^[\w.-]+(\/[\w.*-]+)*\/?$/.test(span) &&
  (span.endsWith("/") || /\.(ts|tsx|mjs|js|json)$/.test(span))

/** TypeScript's own types, named in signatures. */
const BUILT_IN = new Set(["Partial", "Record", "Promise", "Readonly", "Array"])

function exported(name: string): boolean {
  const pattern = new RegExp(
    `export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function|const|class|type|interface|enum)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`
  )
  return SOURCES.some((file) => pattern.test(file.text))
}

/** The concerns in the order eslint.config.mjs layers them (its CONCERNS). */
function lintOrder(): string[] {
  const config = readFileSync(join(ROOT, "eslint.config.mjs"), "utf8")
  const list = /const CONCERNS = \[([\s\S]*?)\n\]/.exec(config)
  if (!list) throw new Error("eslint.config.mjs has no CONCERNS list")
  return [...list[1].matchAll(/^\s*"([a-z-]+)",/gm)].map((m) => m[1])
}

/** The concerns in the order the document's layer block gives them. */
function documentedOrder(): string[] {
  const block = /\n\s*```\n(\s*the core [\s\S]*?)\n\s*```/.exec(DOC)
  if (!block)
    throw new Error("docs/design.md has no block of the concerns' order")
  return block[1]
    .split("\n")
    .map((line) =>
      line.replace(/^\s*(the core|operations|read models?)?\s+/, "")
    )
    .join(" ")
    .split(/[,\s]+/)
    .filter(Boolean)
}

/** ESLint's findings for `source` as if it were the file `path` of the repository. */
function lintAs(path: string, source: string): string[] {
  try {
    execFileSync(
      process.execPath,
      [
        join(ROOT, "node_modules", "eslint", "bin", "eslint.js"),
        "--stdin",
        "--stdin-filename",
        path,
        "--format",
        "json",
      ],
      { cwd: ROOT, input: source, encoding: "utf8" }
    )
    return []
  } catch (error) {
    const out = (error as { stdout?: string }).stdout ?? "[]"
    const [result] = JSON.parse(out) as {
      messages: { ruleId: string | null; message: string }[]
    }[]
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`)
  }
}

describe("docs/design.md", () => {
  it("names only files and folders that exist", () => {
    const named = [...codeSpans().filter(isPath), ...treePaths()]
    expect(named.length).toBeGreaterThan(40)
    expect(named.filter((name) => !exists(name))).toEqual([])
  })

  it("names only functions, classes and types the code exports", () => {
    const names = new Set<string>()
    for (const span of codeSpans()) {
      const call = /^([a-z][A-Za-z]+)\(/.exec(span)
      if (call) names.add(call[1])
      const type = /^([A-Z][a-z]+(?:[A-Z][a-z]+)+)(?:\s|$)/.exec(span)
      if (type) names.add(type[1])
    }
    const contract = /### Client contract\n+```ts\n([\s\S]*?)```/.exec(DOC)
    expect(contract).not.toBeNull()
    for (const [, type] of contract![1].matchAll(
      /(?:→|: |<)\s*([A-Z][A-Za-z]+)(?=[\s<>[\]|,)]|$)/gm
    ))
      names.add(type)
    expect(names.size).toBeGreaterThan(15)
    expect(
      [...names].filter((name) => !BUILT_IN.has(name) && !exported(name))
    ).toEqual([])
  })

  it("gives the concerns' order the lint holds them to, every concern folder in it", () => {
    const order = lintOrder()
    expect(documentedOrder()).toEqual(order)
    expect(order.length).toBeGreaterThan(20)
    for (const concern of order)
      expect(statSync(join(ROOT, "src", concern)).isDirectory()).toBe(true)
  })

  it("is what the lint enforces: a concern importing one after it fails, one before it passes, a test may", () => {
    const order = lintOrder()
    const [low, high] = [order.indexOf("accounts"), order.indexOf("capture")]
    expect(low).toBeLessThan(high)
    const upward = lintAs(
      "src/accounts/upward.ts",
      'import { captureRoutes } from "../capture/middlewares"\nexport const routes = captureRoutes\n'
    )
    expect(upward).toEqual([
      expect.stringMatching(
        /^import\/no-restricted-paths: .*src\/accounts may import from the folders below the concerns and from the concerns before it.*never from one after it \(.*\bcapture\b/
      ),
    ])
    expect(
      lintAs(
        "src/capture/downward.ts",
        'import { capturePolicy } from "../accounts/capture-policy"\nexport const policy = capturePolicy\n'
      )
    ).toEqual([])
    expect(
      lintAs(
        "src/accounts/upward.test.ts",
        'import { captureRoutes } from "../capture/middlewares"\nexport const routes = captureRoutes\n'
      )
    ).toEqual([])
  })

  it("maps every top folder of src", () => {
    const tree = new Set(treePaths().map((p) => p.replace(/\/$/, "")))
    const folders = (dir: string) =>
      readdirSync(join(ROOT, dir))
        .filter(
          (name) =>
            statSync(join(ROOT, dir, name)).isDirectory() &&
            !name.startsWith("__")
        )
        .map((name) => relative(ROOT, join(ROOT, dir, name)))
    const mapped = (folder: string) =>
      [...tree].some((path) => path === folder || path.startsWith(`${folder}/`))
    expect(folders("src").filter((folder) => !mapped(folder))).toEqual([])
  })

  it("lists every file of the gateway's client", () => {
    const files = readdirSync(join(ROOT, "src/gateway/client")).filter(
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts")
    )
    expect(files.filter((name) => !DOC.includes(`client/${name}`))).toEqual([])
  })

  it("names every entry point package.json exports", () => {
    const manifest = JSON.parse(
      readFileSync(join(ROOT, "package.json"), "utf8")
    ) as { exports: Record<string, unknown> }
    const entries = Object.keys(manifest.exports).filter(
      (key) => !key.includes("*")
    )
    expect(entries.filter((key) => !DOC.includes(`\`${key}\``))).toEqual([])
  })

  it("lists every lock key the plugin takes, and no other", () => {
    const locks = readFileSync(join(ROOT, "src/locking/locks.ts"), "utf8")
    // a key per thing (`acquiring:payment:${id}`) or one for the store (`acquiring:catch-up`)
    const inCode = [...locks.matchAll(/`(acquiring:[a-z-]+)(?::\$\{|`)/g)].map(
      (m) => m[1]
    )
    const table = section("### Locks: which guards what")
    const inDoc = [
      ...table.matchAll(/^\| `(acquiring:[a-z-]+)(?::<id>)?` \|/gm),
    ].map((m) => m[1])
    expect(inCode.length).toBeGreaterThan(3)
    expect([...inDoc].sort()).toEqual([...inCode].sort())
  })

  it("makes every lock key in src/locking/locks.ts", () => {
    const elsewhere = SOURCES.filter(
      (file) =>
        file.path !== join("src", "locking", "locks.ts") &&
        /lockingModule\([^)]*\)\s*\.execute\(\s*`/.test(file.text)
    ).map((file) => file.path)
    const literalKeys = SOURCES.filter((file) =>
      /keys:\s*\[\s*`acquiring:/.test(file.text)
    ).map((file) => file.path)
    expect([...elsewhere, ...literalKeys]).toEqual([])
  })

  it("lists every field of the session model", () => {
    const model = section("### The session model").slice(
      0,
      section("### The session model").indexOf("**Attempt ledger.**")
    )
    const fence = /```\n([\s\S]*?)```/.exec(model)![1]
    const named = new Set(
      fence
        .split("\n")
        .filter((line) => /^\S/.test(line))
        .flatMap((line) =>
          line
            .split(/\s{2,}/)[0]
            .replace(/\s*\{[^}]*\}/g, "")
            .split(/,\s*/)
        )
        .map((name) => name.replace(/\[\]$/, "").trim())
        .filter(Boolean)
    )
    const fields = Object.keys(SessionDataSchema.shape)
    expect(fields.filter((field) => !named.has(field))).toEqual([])
    expect([...named].filter((name) => !fields.includes(name))).toEqual([])
  })

  it("lists every key of the storefront view", () => {
    const paragraph = /\*\*Storefront view\.\*\*[\s\S]*?\n\n/.exec(DOC)![0]
    const after = paragraph.slice(paragraph.indexOf("keeps:"))
    const named = [...after.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])
    expect([...new Set(named)].sort()).toEqual(
      expect.arrayContaining([...STOREFRONT_VIEW_KEYS].sort())
    )
    expect(
      named
        .filter((name) => !STOREFRONT_VIEW_KEYS.includes(name as never))
        .filter((name) => !["form", "result"].includes(name))
    ).toEqual([])
  })
})

/** The text of a section, from its heading to the next heading of any level. */
function section(heading: string): string {
  const start = DOC.indexOf(heading)
  expect(start).toBeGreaterThan(-1)
  const next = DOC.slice(start + heading.length).search(/\n#{1,6} /)
  return next < 0
    ? DOC.slice(start)
    : DOC.slice(start, start + heading.length + next)
}
