/**
 * The TypeScript of docs/storefront.md, compiled as a storefront developer
 * would meet it: against the kit installed in a Next.js app, under Medusa's
 * Next.js starter's tsconfig (moduleResolution "node"). The kit reference's
 * snippets take the reader's own names from reader-globals.d.ts; the
 * guide's files land where the guide puts them, next to the starter's
 * shapes (starter-stubs/). Snippets that edit a starter file in place (no
 * import of their own) cannot compile alone and are named, not compiled.
 */
import { execFile } from "node:child_process"
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { promisify } from "node:util"

const ROOT = resolve(__dirname, "..", "..")
const STUBS = join(__dirname, "starter-stubs")
const GUIDE_HEADING = "## Medusa's Next.js starter storefront, step by step"

export type DocBlock = {
  line: number
  code: string
  /** Where the guide puts the file (`src/…`), for whole files of the guide. */
  path?: string
  /** A snippet that edits a starter file in place, or the backend's medusa-config: not compiled. */
  inPlace: boolean
}

export function typescriptBlocks(markdownFile: string): DocBlock[] {
  const text = readFileSync(markdownFile, "utf8")
  const guideStart = text.indexOf(GUIDE_HEADING)
  const blocks: DocBlock[] = []
  for (const match of text.matchAll(/^```tsx?\n([\s\S]*?)^```/gm)) {
    const at = match.index!
    const before = text.slice(0, at).trimEnd().split("\n")
    const lead = before[before.length - 1] ?? ""
    const code = match[1]
    const whole = /^("use (client|server)"|import )/m.test(code)
    const path = lead.match(/`(src\/[^`]+\.tsx?)`/)?.[1]
    const inGuide = guideStart >= 0 && at > guideStart
    const backend = code.includes("medusa-config")
    blocks.push({
      line: before.length + 1,
      code,
      path: whole && inGuide ? path : undefined,
      inPlace: backend || (inGuide && !whole),
    })
  }
  return blocks
}

/** Compiles the document's blocks in `appDir` (an installed Next.js app); answers tsc's complaints, empty when it has none. */
export async function compileDocsTypescript(
  appDir: string,
  markdownFile = join(ROOT, "docs", "storefront.md")
): Promise<{ errors: string[]; compiled: number; inPlace: number[] }> {
  const dir = join(appDir, "docs-check")
  mkdirSync(dir, { recursive: true })
  // the starter's src (its shapes), then the guide's files among them
  cpSync(join(STUBS, "lib"), join(dir, "src", "lib"), { recursive: true })
  cpSync(join(STUBS, "modules"), join(dir, "src", "modules"), {
    recursive: true,
  })
  for (const declarations of ["medusa-ui.d.ts", "reader-globals.d.ts"])
    cpSync(join(STUBS, declarations), join(dir, declarations))
  const blocks = typescriptBlocks(markdownFile)
  const compiled = blocks.filter((b) => !b.inPlace)
  for (const block of compiled) {
    const file = block.path
      ? join(dir, block.path)
      : join(dir, "reference", `line-${block.line}.tsx`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, block.path ? block.code : `${block.code}\nexport {}\n`)
  }
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify(
      {
        // the starter's compiler options; es2022 for the snippets' top-level await
        compilerOptions: {
          target: "es2022",
          lib: ["dom", "dom.iterable", "esnext"],
          allowJs: true,
          skipLibCheck: true,
          strict: true,
          forceConsistentCasingInFileNames: true,
          noEmit: true,
          esModuleInterop: true,
          module: "esnext",
          moduleResolution: "node",
          resolveJsonModule: true,
          isolatedModules: true,
          jsx: "preserve",
          baseUrl: ".",
          paths: {
            "@lib/*": ["src/lib/*"],
            "@modules/*": ["src/modules/*"],
          },
        },
        include: ["**/*.ts", "**/*.tsx"],
      },
      null,
      2
    )
  )
  const tsc = join(appDir, "node_modules", "typescript", "bin", "tsc")
  const errors = await promisify(execFile)(
    process.execPath,
    [tsc, "-p", join(dir, "tsconfig.json")],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 }
  ).then(
    () => [],
    (failed: { stdout?: string }) =>
      (failed.stdout ?? String(failed)).split("\n").filter((l) => l.trim())
  )
  return {
    errors,
    compiled: compiled.length,
    inPlace: blocks.filter((b) => b.inPlace).map((b) => b.line),
  }
}

/** A storefront's file importing every entry of the kit, typed through each. */
const CONSUMER = `import { readReturn, submitCard, type CardOutcome } from "medusa-payment-acquiring-storefront"
import { CardForm, ENGLISH_MESSAGES } from "medusa-payment-acquiring-storefront/react"
import { ENGLISH_MESSAGES as english } from "medusa-payment-acquiring-storefront/messages/en"
import { GERMAN_MESSAGES } from "medusa-payment-acquiring-storefront/messages/de"

export const kinds: CardOutcome["kind"][] = ["authorized"]
export const status: string = readReturn("https://shop.example/checkout/return?status=authorized").status
export const pay: string = GERMAN_MESSAGES.pay("10,00 €") + english.pay() + ENGLISH_MESSAGES.processing
export const parts = [submitCard, CardForm]
// a wrong type must fail: the kit's types are real, not any
// @ts-expect-error
export const wrong: number = GERMAN_MESSAGES.processing
`

/** tsc on that consumer under `moduleResolution` node, node16 and bundler; answers the complaints per resolution. */
export async function compileKitConsumers(
  appDir: string
): Promise<Record<string, string[]>> {
  const answers: Record<string, string[]> = {}
  const tsc = join(appDir, "node_modules", "typescript", "bin", "tsc")
  for (const [resolution, module] of [
    ["node", "esnext"],
    ["node16", "node16"],
    ["bundler", "esnext"],
  ]) {
    const dir = join(appDir, `kit-consumer-${resolution}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "consumer.ts"), CONSUMER)
    // node16 reads the folder's package type: ESM, as a storefront's modules are
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n')
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module,
          moduleResolution: resolution,
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          jsx: "react-jsx",
          lib: ["dom", "esnext"],
          types: [],
        },
        files: ["consumer.ts"],
      })
    )
    answers[resolution] = await promisify(execFile)(
      process.execPath,
      [tsc, "-p", join(dir, "tsconfig.json")],
      { cwd: dir }
    ).then(
      () => [],
      (failed: { stdout?: string }) =>
        (failed.stdout ?? String(failed)).split("\n").filter((l) => l.trim())
    )
  }
  return answers
}
