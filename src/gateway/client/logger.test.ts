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
