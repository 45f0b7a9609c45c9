/**
 * The libraries Medusa's dashboard shares with admin extensions must exist
 * once in a store: a second copy of React Query (or React, react-router,
 * Medusa UI…) beside the dashboard's makes the plugin's pages load one copy
 * and the dashboard another ("No QueryClient set"). Walks the store's
 * node_modules as Node and Vite resolve them and names every copy.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"

export const SHARED_WITH_THE_DASHBOARD = [
  "@tanstack/react-query",
  "react",
  "react-dom",
  "react-router-dom",
  "@medusajs/ui",
  "@medusajs/icons",
  "@medusajs/js-sdk",
]

type Copy = { path: string; version: string }

function packageDirs(nodeModules: string): string[] {
  const dirs: string[] = []
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || !entry.isDirectory()) continue
    const dir = join(nodeModules, entry.name)
    if (entry.name.startsWith("@")) {
      for (const scoped of readdirSync(dir, { withFileTypes: true }))
        if (scoped.isDirectory()) dirs.push(join(dir, scoped.name))
    } else dirs.push(dir)
  }
  return dirs
}

/** Every installed copy of each name, anywhere under `root`'s node_modules. */
export function installedCopies(
  root: string,
  names: string[]
): Map<string, Copy[]> {
  const copies = new Map<string, Copy[]>(names.map((name) => [name, []]))
  const pending = [join(root, "node_modules")]
  while (pending.length) {
    const nodeModules = pending.pop()!
    for (const dir of packageDirs(nodeModules)) {
      const name = relative(nodeModules, dir).split("\\").join("/")
      const manifest = join(dir, "package.json")
      if (copies.has(name) && existsSync(manifest))
        copies.get(name)!.push({
          path: relative(root, dir),
          version: JSON.parse(readFileSync(manifest, "utf8")).version,
        })
      const nested = join(dir, "node_modules")
      if (existsSync(nested)) pending.push(nested)
    }
  }
  return copies
}

/** Throws naming each shared library installed more than once (or not at all), with its paths. */
export function assertOneCopyEach(store: string): string {
  const copies = installedCopies(store, SHARED_WITH_THE_DASHBOARD)
  const faults = [...copies]
    .filter(([, found]) => found.length !== 1)
    .map(([name, found]) =>
      found.length === 0
        ? `${name} is not installed`
        : `${name} is installed ${found.length} times: ${found
            .map((c) => `${c.path} (${c.version})`)
            .join(", ")}`
    )
  if (faults.length)
    throw new Error(
      `the store's admin would load two copies of what the dashboard shares with the plugin:\n  ${faults.join("\n  ")}`
    )
  return [...copies]
    .map(([name, [copy]]) => `${name} ${copy.version}`)
    .join(", ")
}
