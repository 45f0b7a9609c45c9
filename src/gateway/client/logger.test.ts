import { createLog } from "./logger"

describe("createLog", () => {
  it("writes redacted lines: card masked, security code, expiry and sign_key gone", () => {
    const lines: string[] = []
    const log = createLog({ info: (line) => lines.push(line) })
    log("info", "authorise for card 4000002500003155", {
      card: "4242424242424242",
      security_code: "737",
      expiration_month: "03",
      expiration_year: "2031",
      sign_key: "TopSecretKey",
      order_no: "ORD-9",
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("400000******3155")
    expect(lines[0]).toContain("424242******4242")
    expect(lines[0]).toContain("ORD-9")
    for (const secret of [
      "4242424242424242",
      "4000002500003155",
      "737",
      "2031",
      "TopSecretKey",
    ]) {
      expect(lines[0]).not.toContain(secret)
    }
  })

  it("ignores missing levels and a throwing logger", () => {
    const log = createLog({
      error: () => {
        throw new Error("logger down")
      },
    })
    expect(() => log("debug", "x")).not.toThrow()
    expect(() => log("error", "x")).not.toThrow()
    expect(() => createLog(undefined)("info", "x")).not.toThrow()
  })
})

describe("createLog only redacts what the logger prints", () => {
  // A detail whose every read is counted: redaction must read its fields.
  function watched() {
    const reads: string[] = []
    const details = new Proxy(
      { card: "4242424242424242", order_no: "ORD-1" },
      {
        get(target, key, receiver) {
          reads.push(String(key))
          return Reflect.get(target, key, receiver)
        },
        ownKeys(target) {
          reads.push("ownKeys")
          return Reflect.ownKeys(target)
        },
      }
    )
    return { details, reads }
  }

  it("never redacts for a level the logger has no method for", () => {
    const { details, reads } = watched()
    const lines: string[] = []
    createLog({ info: (line) => lines.push(line) })("debug", "x", details)
    expect(reads).toEqual([])
    expect(lines).toEqual([])
  })

  it("never redacts for a level Medusa's logger says it does not print", () => {
    const { details, reads } = watched()
    const printed: string[] = []
    const asked: string[] = []
    const logger = {
      debug: (line: string) => printed.push(line),
      info: (line: string) => printed.push(line),
      shouldLog: (level: string) => {
        asked.push(level)
        return level !== "debug"
      },
    }
    const log = createLog(logger)
    log("debug", "debug line", details)
    expect(reads).toEqual([])
    expect(printed).toEqual([])
    log("info", "info line", details)
    expect(asked).toEqual(["debug", "info"])
    expect(reads).toContain("ownKeys")
    expect(printed).toEqual([
      '[acquiring] info line {"card":"424242******4242","order_no":"ORD-1"}',
    ])
  })

  it("asks a pino-style logger through isLevelEnabled", () => {
    const { details, reads } = watched()
    const printed: string[] = []
    const log = createLog({
      debug: (line) => printed.push(line),
      isLevelEnabled: () => false,
    })
    log("debug", "x", details)
    expect(reads).toEqual([])
    expect(printed).toEqual([])
  })

  it("calls the level method on the logger itself (loggers that use this)", () => {
    const printed: string[] = []
    const logger = {
      prefix: "P",
      warn(this: { prefix: string }, line: string) {
        printed.push(`${this.prefix} ${line}`)
      },
    }
    createLog(logger)("warn", "careful")
    expect(printed).toEqual(["P [acquiring] careful"])
  })
})
