/**
 * Random hex for references and tokens, drawn from a block of CSPRNG bytes
 * refilled when used up: one system call and one allocation per 4 KiB
 * instead of one per reference, which under load cost the sandbox more than
 * signing its answers.
 */
import { randomFillSync } from "node:crypto"

const block = Buffer.allocUnsafe(4096)
let used = block.length

export function randomHex(bytes: number): string {
  if (bytes > block.length) throw new RangeError("at most 4,096 bytes")
  if (used + bytes > block.length) {
    randomFillSync(block)
    used = 0
  }
  const hex = block.toString("hex", used, used + bytes)
  used += bytes
  return hex
}
