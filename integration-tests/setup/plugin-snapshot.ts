import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BUILT_ENTRY } from "../../dev/local-stack/fresh-build"

/** The variable through which medusa-config.ts finds the plugin copy the tests load. */
export const PLUGIN_ROOT_VARIABLE = "ACQUIRING_PLUGIN_ROOT"

/**
 * A compiled module of the plugin copy the booted app loaded (`path` as
 * under src/, without its extension), so a test shares that app's module
 * state: its jobs, its in-memory sources.
 */
export function loadedPluginModule<T>(path: string): T {
  const root = process.env[PLUGIN_ROOT_VARIABLE]
  if (!root)
    throw new Error(`${PLUGIN_ROOT_VARIABLE} is not set by the global setup`)
  return require(join(root, ".medusa", "server", "src", `${path}.js`)) as T
}

/**
 * Copies the built plugin (`.medusa/server` and package.json) to a folder of
 * this run, so that a rebuild while the tests run (`npm run build`, `medusa
 * plugin:develop`) cannot pull files from under a booted app. The copy sits
 * inside the package, so it resolves the same node_modules.
 */
export async function snapshotBuiltPlugin(
  packageRoot: string
): Promise<string> {
  const deadline = Date.now() + 60_000
  while (!existsSync(join(packageRoot, BUILT_ENTRY))) {
    if (Date.now() > deadline) {
      throw new Error(
        `the plugin is not built (${BUILT_ENTRY} is missing): run \`npm run build\` first`
      )
    }
    // A build in progress removes and rewrites .medusa/server.
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const root = join(packageRoot, ".medusa", `integration-${process.pid}`)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(root, ".medusa"), { recursive: true })
  cpSync(
    join(packageRoot, ".medusa", "server"),
    join(root, ".medusa", "server"),
    { recursive: true }
  )
  copyFileSync(join(packageRoot, "package.json"), join(root, "package.json"))
  if (!existsSync(join(root, BUILT_ENTRY))) {
    rmSync(root, { recursive: true, force: true })
    throw new Error(
      "the plugin build changed while it was being copied: run the tests again"
    )
  }
  return root
}

export function removePluginSnapshot(root: string | undefined): void {
  if (root) rmSync(root, { recursive: true, force: true })
}
