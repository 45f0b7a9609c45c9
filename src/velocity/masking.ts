/**
 * What a log line may show of the keys the limits count by: enough to tell
 * attackers apart, not enough to identify a shopper.
 */
import { createHash } from "node:crypto"
import { isIP } from "node:net"

/** IPv4 to its /24 (`203.0.113.x`), IPv6 to its /48; anything else fully masked. */
export function maskIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  const address = mapped ? mapped[1] : ip
  const family = isIP(address)
  if (family === 4) return address.replace(/\.\d+$/, ".x")
  if (family === 6) {
    const head = address.split("::")[0].split(":").slice(0, 3)
    while (head.length < 3) head.push("0")
    return `${head.join(":")}::/48`
  }
  return "(unparsable address)"
}

/** An id or key as its first 6 and last 4 characters. */
export function maskIdentifier(value: string): string {
  if (value.length <= 12) return `${value.slice(0, 2)}…`
  return `${value.slice(0, 6)}…${value.slice(-4)}`
}

/** The counter key stored for a value: Redis never holds raw IPs or ids. */
export function counterKey(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 32)
}
