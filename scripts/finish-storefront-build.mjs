// After tsc: copies the kit's stylesheet next to its built modules (the
// kit's package.json marks them as ES modules, free of side effects but
// for that stylesheet).
import { copyFileSync } from "node:fs"
import { join } from "node:path"

const [source, folder] = process.argv.slice(2)
if (!source || !folder)
  throw new Error(
    "usage: node scripts/finish-storefront-build.mjs <kit source> <built folder>"
  )
copyFileSync(join(source, "styles.css"), join(folder, "styles.css"))
