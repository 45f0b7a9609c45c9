import { existsSync, readFileSync } from "node:fs"

const LISTEN = "0A"

function decodeAddress(hex: string): string {
  if (hex.length === 8) {
    // /proc/net/tcp writes IPv4 addresses as one little-endian word.
    return [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(".")
  }
  if (hex === "00000000000000000000000000000000") {
    return "::"
  }
  if (hex === "00000000000000000000000001000000") {
    return "::1"
  }
  return `ipv6:${hex}`
}

/**
 * The local addresses that listen on TCP `port`, read from the kernel's
 * socket tables (Linux). `0.0.0.0` or `::` means every interface.
 */
export function listeningAddresses(port: number): string[] {
  const found: string[] = []
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) {
      continue
    }
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields.length < 4 || fields[3] !== LISTEN) {
        continue
      }
      const [addressHex, portHex] = fields[1].split(":")
      if (parseInt(portHex, 16) === port) {
        found.push(decodeAddress(addressHex))
      }
    }
  }
  return found
}
