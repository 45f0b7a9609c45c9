/**
 * The times of one `npm test`: `mark <name>` notes a moment of the run
 * (`start` begins a new run), `report` prints the table the run ends with
 * (each phase, the install check beside jest, the slowest test files and
 * the total), read from .artifacts/test-times/ (the jest reporter's
 * jest.json, the install check's install-check.json).
 */
import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  ".artifacts",
  "test-times"
)
const MARKS = join(DIR, "marks.json")
const SLOWEST = 15
/** How much of an install check's failure the table repeats. */
const FAILURE_LINES = 25

const read = (file) =>
  existsSync(join(DIR, file))
    ? JSON.parse(readFileSync(join(DIR, file), "utf8"))
    : null

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`

const row = (seconds, what) =>
  `${String(Math.round(seconds)).padStart(7)} s  ${what}`

function mark(name) {
  mkdirSync(DIR, { recursive: true })
  if (name === "start")
    for (const file of ["marks.json", "jest.json", "install-check.json"])
      rmSync(join(DIR, file), { force: true })
  const marks = read("marks.json") ?? {}
  marks[name] = Date.now()
  writeFileSync(MARKS, JSON.stringify(marks))
}

function report() {
  const marks = read("marks.json") ?? {}
  const jest = read("jest.json")
  const install = read("install-check.json")
  const now = Date.now()
  const lines = ["", "Suite times"]
  if (marks.start && marks.built)
    lines.push(
      row(
        (marks.built - marks.start) / 1000,
        "lint and type-check beside the build"
      )
    )
  if (jest) {
    const tests = jest.files.reduce((n, f) => n + f.tests.length, 0)
    lines.push(
      row(jest.seconds, `jest: ${tests} tests in ${jest.files.length} files`)
    )
  } else lines.push("      -    jest: no times recorded (it did not finish)")
  if (install)
    lines.push(
      row(
        install.seconds,
        `install check, beside jest (${install.passed ? "passed" : "FAILED"})`
      )
    )
  if (marks.start)
    lines.push(
      row(
        (now - marks.start) / 1000,
        `total (${minutes((now - marks.start) / 1000)})`
      )
    )
  if (jest?.files.length) {
    lines.push("", `Slowest test files:`)
    for (const file of jest.files.slice(0, SLOWEST))
      lines.push(
        row(
          file.seconds,
          `${file.path}${file.failed ? `  (${file.failed} failed)` : ""}`
        )
      )
  }
  if (install?.failure) {
    // last, where CI's shortened log still shows it
    const text = install.failure.split("\n")
    lines.push(
      "",
      "The install check failed:",
      ...text.slice(0, FAILURE_LINES).map((l) => `  ${l}`),
      ...(text.length > FAILURE_LINES ? ["  …"] : [])
    )
  }
  console.log(lines.join("\n"))
}

/** Keeps the last run's file times for the slow-first sequencer of a fresh clone (integration-tests/setup/durations.json). */
function durations() {
  const jest = read("jest.json")
  if (!jest) throw new Error("no jest.json: run npm test first")
  const seconds = Object.fromEntries(
    jest.files
      .filter((file) => file.project === "integration")
      .map((file) => [file.path, Math.round(file.seconds)])
  )
  const target = join(
    dirname(fileURLToPath(import.meta.url)),
    "..",
    "integration-tests",
    "setup",
    "durations.json"
  )
  writeFileSync(target, `${JSON.stringify(seconds, null, 2)}\n`)
  console.log(
    `${Object.keys(seconds).length} files' times written to ${target}`
  )
}

const [command, name] = process.argv.slice(2)
if (command === "mark" && name) mark(name)
else if (command === "report") report()
else if (command === "durations") durations()
else {
  console.error(
    "usage: node scripts/test-times.mjs mark <name> | report | durations"
  )
  process.exit(2)
}
