#!/usr/bin/env node
/**
 * One behaviour's integration cases alone, by the name of their file:
 *
 *   npm run test:cases -- refund-search
 *
 * finds the spec that gathers `integration-tests/**\/refund-search.cases.ts`
 * (each in a describe of its own name) and runs only that describe, on the
 * app that spec boots. Extra arguments go to jest. The plugin must be built
 * (`npm run build`), as for `npm run test:integration`.
 */
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { basename, dirname, join, relative } from "node:path"

const root = join(import.meta.dirname, "..")
const [asked, ...jestArgs] = process.argv.slice(2)
if (!asked) {
  console.error(
    "Name the cases to run, e.g. npm run test:cases -- refund-search"
  )
  process.exit(2)
}
// a bare name, or with its folder where two share it (browser/chargebacks)
const wanted = asked.replace(/\.cases(\.ts)?$/, "")
const name = basename(wanted)
const files = readdirSync(join(root, "integration-tests"), { recursive: true })
  .map(String)
  .map((path) => join(root, "integration-tests", path))
const cases = files.filter((path) => path.endsWith(`/${wanted}.cases.ts`))
if (cases.length !== 1) {
  const known = files
    .filter((path) => path.endsWith(".cases.ts"))
    .map((path) => relative(join(root, "integration-tests"), path))
    .map((path) => path.replace(/\.cases\.ts$/, ""))
    .sort()
  console.error(
    `${cases.length ? `${cases.length} cases files` : "No cases"} named ${wanted}: name one of ${known.join(", ")}`
  )
  process.exit(2)
}
const specs = files.filter(
  (path) =>
    path.endsWith(".spec.ts") &&
    dirname(path) === dirname(cases[0]) &&
    readFileSync(path, "utf8").includes(`./${name}.cases"`)
)
if (specs.length !== 1) {
  console.error(
    `${name}.cases.ts is gathered by ${specs.length} specs: ${specs.map((s) => relative(root, s)).join(", ") || "none"}`
  )
  process.exit(2)
}
const spec = relative(root, specs[0])
if (!readFileSync(specs[0], "utf8").includes(`describe("${name}"`)) {
  console.error(`${spec} gathers ${name}.cases.ts without a describe "${name}"`)
  process.exit(2)
}
console.info(`${name}: the describe "${name}" of ${spec}`)
const run = spawnSync(
  process.execPath,
  [
    join(root, "node_modules", "jest", "bin", "jest.js"),
    "--selectProjects",
    "integration",
    "--forceExit",
    spec,
    "-t",
    `^\\s*${name} `,
    ...jestArgs,
  ],
  { cwd: root, stdio: "inherit" }
)
process.exit(run.status ?? 1)
