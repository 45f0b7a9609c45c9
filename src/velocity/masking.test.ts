import { createHash } from "node:crypto"
import { maskIdentifier, maskIp } from "./index"
import { counterKey } from "./masking"

it.each([
  ["203.0.113.7", "203.0.113.x"],
  ["::ffff:198.51.100.250", "198.51.100.x"],
  ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::/48"],
  ["2001:db8::1", "2001:db8:0::/48"],
  ["not an ip", "(unparsable address)"],
])("masks %s as %s", (ip, masked) => {
  expect(maskIp(ip)).toBe(masked)
})

it("keeps the first 6 and last 4 characters of a long identifier", () => {
  expect(maskIdentifier("pk_0123456789abcdef")).toBe("pk_012…cdef")
  expect(maskIdentifier("short_id")).toBe("sh…")
})

it("stores a sha256 prefix as the counter key", () => {
  expect(counterKey("ip:203.0.113.7")).toBe(
    createHash("sha256").update("ip:203.0.113.7").digest("hex").slice(0, 32)
  )
})
