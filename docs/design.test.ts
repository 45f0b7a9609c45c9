/**
 * docs/design.md names files, folders, exports and types of the code; this
 * fails when one of them no longer exists, and when the code grows a part
 * the document does not name (a top folder of src, a gateway client file,
 * a package export).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"

const ROOT = join(__dirname, "..")
const DOC = readFileSync(join(__dirname, "design.md"), "utf8")

/** Where a relative name in the document may start. */
const BASES = [
  "",
  "src",
  "src/gateway",
  "src/gateway/schemas",
  "src/providers/acquiring",
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

  it("maps every top folder of src and of the providers", () => {
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
    const missing = [
      ...folders("src"),
      ...folders("src/providers/acquiring"),
    ].filter((folder) => !mapped(folder))
    expect(missing).toEqual([])
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
})
