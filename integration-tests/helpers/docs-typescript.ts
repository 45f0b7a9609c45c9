/**
 * The TypeScript of docs/storefront.md, compiled as a storefront developer
 * meets it, against the kit installed in the Next.js app the guide was
 * applied to (scripts/docs/nextjs-guide.ts): the app's every file under
 * Medusa's Next.js starter's tsconfig (moduleResolution "node", the guide's
 * new files and its edits inside the starter's files among them), and the
 * kit reference's snippets above the guide, which take the reader's own
 * names from docs-reader-globals.d.ts.
 */
import { execFile } from "node:child_process"
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { docBlocks } from "../../scripts/docs/nextjs-guide"

const ROOT = resolve(__dirname, "..", "..")

/** tsc's complaints about a project, one line each; empty when it has none. */
async function tsc(appDir: string, project: string): Promise<string[]> {
  const bin = join(appDir, "node_modules", "typescript", "bin", "tsc")
  return promisify(execFile)(process.execPath, [bin, "-p", project], {
    cwd: appDir,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    () => [],
    (failed: { stdout?: string }) =>
      (failed.stdout ?? String(failed)).split("\n").filter((l) => l.trim())
  )
}

/**
 * Compiles the app in `appDir` (an installed Next.js app with the guide
 * applied) under its starter tsconfig, and the kit reference's snippets of
 * the document beside it; answers tsc's complaints of each and how many
 * snippets there were.
 */
export async function compileDocsTypescript(
  appDir: string,
  markdownFile = join(ROOT, "docs", "storefront.md")
): Promise<{ app: string[]; reference: string[]; snippets: number }> {
  // the app as the starter compiles it (its own tsconfig), the snippets' folder left out
  writeFileSync(
    join(appDir, "tsconfig.guide-check.json"),
    JSON.stringify({
      extends: "./tsconfig.json",
      compilerOptions: { incremental: false },
      exclude: ["node_modules", ".next", "docs-check", "kit-consumer-*"],
    })
  )
  const app = await tsc(appDir, "tsconfig.guide-check.json")

  const dir = join(appDir, "docs-check")
  mkdirSync(dir, { recursive: true })
  cpSync(
    join(__dirname, "docs-reader-globals.d.ts"),
    join(dir, "reader-globals.d.ts")
  )
  const snippets = docBlocks(readFileSync(markdownFile, "utf8")).filter(
    // the Medusa app's config (guide: backend) is not the storefront's
    (block) => !block.inGuide && !block.directive && /^tsx?$/.test(block.lang)
  )
  for (const block of snippets)
    writeFileSync(
      join(dir, `line-${block.line}.tsx`),
      `${block.code}\nexport {}\n`
    )
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: "../tsconfig.json",
      // es2022 for the snippets' top-level await
      compilerOptions: { target: "es2022", incremental: false },
      include: ["./**/*.ts", "./**/*.tsx"],
      exclude: [],
    })
  )
  const reference = await tsc(appDir, join("docs-check", "tsconfig.json"))
  return { app, reference, snippets: snippets.length }
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
    answers[resolution] = await tsc(appDir, join(dir, "tsconfig.json"))
  }
  return answers
}
