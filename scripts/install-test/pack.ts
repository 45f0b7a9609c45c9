/**
 * `npm pack` of the plugin, as a registry would ship it, with a check of
 * what the tarball holds.
 */
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { run, step } from "./processes"

/** What `--reuse-build` needs from the build before packing. */
const BUILT_ENTRIES = [
  ".medusa/server/src/providers/acquiring/index.js",
  ".medusa/server/src/admin/index.js",
]

/** Packs the plugin at `root` into `work` and checks what the package ships; answers the tarball's path. */
export async function packPlugin(root: string, work: string): Promise<string> {
  // `npm test` has just built the plugin: packing it as built spares a second build
  const reuse = process.argv.includes("--reuse-build")
  if (reuse)
    for (const built of BUILT_ENTRIES)
      if (!existsSync(join(root, built)))
        throw new Error(`--reuse-build: ${built} is missing; run npm run build`)
  step(
    reuse
      ? "npm pack of the plugin as built"
      : "npm pack (prepack builds the plugin)"
  )
  await run(
    "npm",
    [
      "pack",
      "--pack-destination",
      work,
      ...(reuse ? ["--ignore-scripts"] : []),
    ],
    { cwd: root }
  )
  const tarballName = readdirSync(work).find((name) => name.endsWith(".tgz"))
  if (!tarballName) throw new Error("npm pack wrote no tarball")
  const tarball = join(work, tarballName)
  const shipped = (await run("tar", ["-tzf", tarball], { cwd: work }))
    .split("\n")
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ""))
  for (const required of [
    "README.md",
    "medusa-config.example.ts",
    "docs/sandbox.md",
    ".medusa/server/src/gateway/index.d.ts",
    ".medusa/server/src/sandbox/index.d.ts",
    ".medusa/server/src/providers/acquiring/index.d.ts",
    ".medusa/server/src/sandbox/cli.js",
    ".medusa/server/src/admin/index.mjs",
  ]) {
    if (!shipped.includes(required))
      throw new Error(`the package lacks ${required}`)
  }
  const testDoubles = shipped.filter((path) =>
    /__fixtures__|__tests__|\.test\.|\.spec\./.test(path)
  )
  if (testDoubles.length)
    throw new Error(`the package ships test files: ${testDoubles.join(", ")}`)
  step(`packed ${tarballName}: ${shipped.length} files`)
  return tarball
}
