/**
 * A payment link's token: 32 random bytes, base64url (43 characters), the
 * only key to the page. The table keeps its SHA-256, so a copy of the
 * database opens nothing; a link is found by hashing what the browser sent.
 */
import { createHash, randomBytes } from "node:crypto"

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function newLinkToken(): { token: string; token_hash: string } {
  const token = randomBytes(32).toString("base64url")
  return { token, token_hash: hashLinkToken(token) }
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex")
}

/** What a link's address may carry: anything else is refused before any look-up. */
export function isLinkToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value)
}
