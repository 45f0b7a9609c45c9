/**
 * docs/testing.md says what every integration spec and case file proves;
 * this fails when a file is missing from it, and when it names one that
 * no longer exists.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join } from "node:path"

const ROOT = join(__dirname, "..")
const DOC = readFileSync(join(__dirname, "testing.md"), "utf8")
const TEST_FILE = /\.(spec|cases)\.ts$/

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return testFiles(path)
    return TEST_FILE.test(name) ? [path] : []
  })
}

const files = testFiles("integration-tests")
/** The file names the document gives in code spans, with or without a folder. */
const named = new Set(
  [...DOC.matchAll(/`([\w./-]+\.(?:spec|cases)\.ts)`/g)].map((m) =>
    basename(m[1])
  )
)

describe("docs/testing.md", () => {
  it("finds the integration test files to check", () => {
    expect(files.length).toBeGreaterThan(20)
  })

  it("names every integration spec and case file", () => {
    expect(files.filter((path) => !named.has(basename(path)))).toEqual([])
  })

  it("names no test file that does not exist", () => {
    const existing = new Set(files.map((path) => basename(path)))
    expect([...named].filter((name) => !existing.has(name))).toEqual([])
  })
})
