/**
 * Runs the longest test files first, so the two workers finish together
 * instead of one starting the longest file last. Jest orders by the
 * durations it cached on this machine; a fresh clone has none (jest then
 * orders by file size, which put a nine-minute spec near the end), so the
 * figures of a recent run (durations.json, seconds) stand in for them.
 */
const { relative } = require("node:path")
const Sequencer = require("@jest/test-sequencer").default
const recorded = require("./durations.json")

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const seconds = (test) => {
      const cached = this.time(test)
      if (cached != null) return cached / 1000
      const path = relative(test.context.config.rootDir, test.path)
      return recorded[path] ?? 0
    }
    return [...tests].sort((a, b) => {
      const failed = Number(this.hasFailed(b)) - Number(this.hasFailed(a))
      return failed || seconds(b) - seconds(a)
    })
  }
}

module.exports = SlowFirstSequencer
