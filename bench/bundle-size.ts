/**
 * What the storefront kit adds to a shop's JavaScript: each entry bundled
 * as a storefront's bundler would (esbuild, minified, React left to the
 * shop), then gzipped. A size, not a time: no baseline, one pass.
 */
import { build } from "esbuild"
import path from "node:path"
import { gzipSync } from "node:zlib"
import type { Row } from "./measure"

const ENTRIES = [
  { entry: "index.js", name: "storefront kit core", budget: 5 * 1024 },
  {
    entry: "react/index.js",
    name: "storefront kit React entry",
    budget: 9 * 1024,
  },
]

async function gzippedBytes(file: string): Promise<number> {
  const built = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    external: ["react", "react-dom", "react/jsx-runtime"],
    logLevel: "silent",
  })
  return gzipSync(built.outputFiles[0].contents, { level: 9 }).length
}

/** Needs the kit built (`npm run build`): packages/storefront/dist is what its package ships. */
export async function bundleSizeRows(root: string): Promise<Row[]> {
  const rows: Row[] = []
  for (const { entry, name, budget } of ENTRIES) {
    const bytes = await gzippedBytes(
      path.join(root, "packages", "storefront", "dist", entry)
    )
    rows.push({
      scenario: `${name}, minified + gzipped`,
      unit: "bytes",
      target: { median: bytes, min: bytes, max: bytes, samples: [bytes] },
      figure: bytes,
      goal: `≤ ${budget / 1024} KB`,
      limit: { at_most: budget },
    })
  }
  return rows
}
