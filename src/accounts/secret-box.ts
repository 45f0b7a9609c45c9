/**
 * Sign keys at rest: AES-256-GCM (node:crypto) under a key from the
 * environment, so a database dump alone never yields a sign key. A stored
 * value is "v1.<iv>.<tag>.<ciphertext>" in base64url; the tag makes any
 * change to the value, or the wrong key, fail loudly instead of decrypting
 * into garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto"

export const SETTINGS_KEY_ENV = "ACQUIRING_SETTINGS_KEY"
const VERSION = "v1"
const IV_BYTES = 12

export class SettingsKeyError extends Error {
  override name = "SettingsKeyError"
}

export const MISSING_KEY_MESSAGE = `Set ${SETTINGS_KEY_ENV} (32 bytes, base64 or hex) in the backend's environment to store sign keys encrypted; generate one with \`openssl rand -base64 32\``

/** The 32-byte key from its text form: 64 hex digits, or base64 of 32 bytes. */
export function parseSettingsKey(text: string | undefined): Buffer {
  const value = text?.trim()
  if (!value) throw new SettingsKeyError(MISSING_KEY_MESSAGE)
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, "hex")
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)
      ? Buffer.from(value, "base64")
      : Buffer.alloc(0)
  if (key.length !== 32) {
    throw new SettingsKeyError(
      `${SETTINGS_KEY_ENV} must be 32 bytes written as 64 hex digits or as base64 (it decodes to ${key.length} bytes)`
    )
  }
  return key
}

/** The key from the environment, or null when none is set. A malformed key throws. */
export function settingsKeyFromEnv(
  env: NodeJS.ProcessEnv = process.env
): Buffer | null {
  return env[SETTINGS_KEY_ENV]?.trim()
    ? parseSettingsKey(env[SETTINGS_KEY_ENV])
    : null
}

export function encryptSecret(
  plain: string,
  key: Buffer,
  iv = randomBytes(IV_BYTES)
): string {
  const cipher = createCipheriv("aes-256-gcm", key, iv)
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  const tag = cipher.getAuthTag()
  return [VERSION, iv, tag, body]
    .map((part) =>
      typeof part === "string" ? part : part.toString("base64url")
    )
    .join(".")
}

/** Throws SettingsKeyError when the value was altered or sealed under another key; the message never holds the value. */
export function decryptSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, body, ...rest] = sealed.split(".")
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) {
    throw new SettingsKeyError("the stored sign key is not in a known format")
  }
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      key,
      Buffer.from(iv, "base64url")
    )
    decipher.setAuthTag(Buffer.from(tag, "base64url"))
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8")
  } catch {
    throw new SettingsKeyError(
      `the stored sign key cannot be decrypted: it was altered, or sealed under another ${SETTINGS_KEY_ENV}`
    )
  }
}
