// Marks a built folder as ES modules, so Node and bundlers read its .js files as ESM.
import { writeFileSync } from "node:fs"
import { join } from "node:path"

const folder = process.argv[2]
if (!folder) throw new Error("usage: node scripts/mark-esm.mjs <folder>")
writeFileSync(
  join(folder, "package.json"),
  `${JSON.stringify({ type: "module", sideEffects: false }, null, 2)}\n`
)
