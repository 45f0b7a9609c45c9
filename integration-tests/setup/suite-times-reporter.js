/**
 * Records how long each test file and each test took, for the table
 * `npm test` ends with (scripts/test-times.mjs) and for finding where the
 * suite's time goes: `.artifacts/test-times/jest.json`. The files' times
 * are also what the slow-first sequencer orders by (durations.json, kept
 * by hand from such a run).
 */
const { mkdirSync, writeFileSync } = require("node:fs")
const { join, relative } = require("node:path")

class SuiteTimesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir
    this.files = []
    this.startedAt = Date.now()
  }

  onRunStart() {
    this.startedAt = Date.now()
  }

  onTestResult(test, result) {
    const seconds = (ms) => Math.round(ms / 100) / 10
    this.files.push({
      path: relative(this.rootDir, result.testFilePath),
      project: test.context.config.displayName?.name ?? "",
      seconds: seconds(result.perfStats.end - result.perfStats.start),
      failed: result.numFailingTests + (result.testExecError ? 1 : 0),
      tests: result.testResults.map((t) => ({
        name: [...t.ancestorTitles, t.title].filter(Boolean).join(" › "),
        seconds: seconds(t.duration ?? 0),
        status: t.status,
      })),
    })
  }

  onRunComplete() {
    const dir = join(this.rootDir, ".artifacts", "test-times")
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, "jest.json"),
      JSON.stringify(
        {
          started_at: new Date(this.startedAt).toISOString(),
          seconds: Math.round((Date.now() - this.startedAt) / 1000),
          files: this.files.sort((a, b) => b.seconds - a.seconds),
        },
        null,
        1
      )
    )
  }
}

module.exports = SuiteTimesReporter
