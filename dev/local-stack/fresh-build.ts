/**
 * The plugin's build, made again only when a source changed after it: the
 * demo runs on the build, and `npm test` has just made one.
 */
import { spawnSync } from "node:child_process"
import { readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"

const ROOT = resolve(__dirname, "..", "..")

/** The built provider's entry, relative to the package: present once `npm run build` has run. */
export const BUILT_ENTRY = join(
  ".medusa",
  "server",
  "src",
  "providers",
  "acquiring",
  "index.js"
)

function newestChange(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs
    )
  }
  return newest
}

/** Builds when a source is newer than the build; answers whether it built. */
export function ensureFreshBuild(say: (text: string) => void): boolean {
  let builtAt = 0
  try {
    builtAt = statSync(join(ROOT, BUILT_ENTRY)).mtimeMs
  } catch {
    // not built yet
  }
  if (builtAt > newestChange(join(ROOT, "src"))) return false
  say(
    "Building the plugin (npm run build): a source changed since the last build"
  )
  const built = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
  })
  if (built.status !== 0) throw new Error("npm run build failed")
  return true
}
