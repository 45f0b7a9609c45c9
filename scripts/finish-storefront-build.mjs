// After tsc: marks the built kit as ES modules (so Node and bundlers read
// its .js files as ESM, free of side effects but for the stylesheet) and
// copies the stylesheet next to it.
import { copyFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const [source, folder] = process.argv.slice(2)
if (!source || !folder)
  throw new Error(
    "usage: node scripts/finish-storefront-build.mjs <kit source> <built folder>"
  )
writeFileSync(
  join(folder, "package.json"),
  `${JSON.stringify({ type: "module", sideEffects: ["*.css"] }, null, 2)}\n`
)
copyFileSync(join(source, "styles.css"), join(folder, "styles.css"))
