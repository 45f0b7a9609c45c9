import {
  decryptSecret,
  encryptSecret,
  parseSettingsKey,
  settingsKeyFromEnv,
  SettingsKeyError,
} from "./secret-box"

// Vector computed with Python's `cryptography` (AESGCM), not with node:crypto:
// key = bytes 0..31, iv = bytes 100..111, plaintext "sandbox-sign-key-42".
const KEY_HEX =
  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
const KEY_B64 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
const SEALED =
  "v1.ZGVmZ2hpamtsbW5v.9ghe-tua_gMKZExdQ-crJw.O3qwAhuGLrNNCziG9w4PhG_2NA"
const IV = Buffer.from(Array.from({ length: 12 }, (_, i) => 100 + i))

describe("sign keys at rest", () => {
  it("matches an independently computed AES-256-GCM vector both ways", () => {
    const key = parseSettingsKey(KEY_HEX)
    expect(encryptSecret("sandbox-sign-key-42", key, IV)).toBe(SEALED)
    expect(decryptSecret(SEALED, parseSettingsKey(KEY_B64))).toBe(
      "sandbox-sign-key-42"
    )
  })

  it("round-trips with a fresh iv each time", () => {
    const key = parseSettingsKey(KEY_B64)
    const a = encryptSecret("k3y-ü", key)
    const b = encryptSecret("k3y-ü", key)
    expect(a).not.toBe(b)
    expect(a).not.toContain("k3y")
    expect(decryptSecret(a, key)).toBe("k3y-ü")
  })

  it("detects tampering and the wrong key without echoing the value", () => {
    const key = parseSettingsKey(KEY_HEX)
    const [v, iv, tag, body] = SEALED.split(".")
    const flipped = body[0] === "A" ? `B${body.slice(1)}` : `A${body.slice(1)}`
    expect(() => decryptSecret([v, iv, tag, flipped].join("."), key)).toThrow(
      SettingsKeyError
    )
    const other = parseSettingsKey("ff".repeat(32))
    expect(() => decryptSecret(SEALED, other)).toThrow(
      /altered, or sealed under another ACQUIRING_SETTINGS_KEY/
    )
    expect(() => decryptSecret("plain-text", key)).toThrow(/known format/)
  })

  it("validates the key's length and names the variable when it is missing", () => {
    expect(() => parseSettingsKey("abcd")).toThrow(/decodes to 3 bytes/)
    expect(() => parseSettingsKey("00".repeat(31))).toThrow(/32 bytes/)
    expect(() => parseSettingsKey(undefined)).toThrow(
      /^Set ACQUIRING_SETTINGS_KEY \(32 bytes, base64 or hex\)/
    )
    expect(settingsKeyFromEnv({})).toBeNull()
    expect(settingsKeyFromEnv({ ACQUIRING_SETTINGS_KEY: KEY_B64 })).toEqual(
      Buffer.from(KEY_HEX, "hex")
    )
  })
})
