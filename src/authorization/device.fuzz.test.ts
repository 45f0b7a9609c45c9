import fc from "fast-check"
import { z } from "zod"
import { hardened, parseBody } from "../input-hardening/index"
import { DeviceSchema } from "../payment-sessions/device"
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../gateway/__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

/** Strings PostgreSQL refuses, told apart here without the plugin's code. */
function storable(text: string): boolean {
  return (
    !text.includes("\u0000") &&
    Buffer.from(text, "utf8").toString("utf8") === text
  )
}

const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "\u0000",
    "a\ud800",
    "\udfff",
    "x".repeat(5000),
    "Europe/Berlin",
    "+02:00",
    "1920x1080",
    "24",
    "03"
  )
)
const anyValue = fc.oneof(
  hostile,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostile, { maxLength: 2 })
)
const device = fc.record(
  {
    os: anyValue,
    browser: anyValue,
    time_zone: anyValue,
    resolution: anyValue,
    color_depth: anyValue,
    challenge_window_size: anyValue,
    extra: anyValue,
  },
  { requiredKeys: [] }
)

const Body = z
  .object({ data: z.object({ device: DeviceSchema }).strict() })
  .strict()

it("validates any device data without throwing, and stores only storable text", () => {
  fc.assert(
    fc.property(device, (value) => {
      const parsed = parseBody(hardened(Body), { data: { device: value } })
      if (!parsed.success) {
        expect(parsed.body.type).toBe("invalid_data")
        expect(parsed.body.issues.length).toBeGreaterThan(0)
        for (const issue of parsed.body.issues)
          expect(issue.field).toMatch(/^(data|body)/)
        return
      }
      for (const text of Object.values(parsed.data.data.device)) {
        if (typeof text === "string") {
          expect(storable(text)).toBe(true)
          expect(text.length).toBeLessThanOrEqual(100)
        }
      }
    }),
    fuzzParameters()
  )
})

it("names the device field that holds a string PostgreSQL cannot store", () => {
  const field = fc.constantFrom("os", "browser", "time_zone", "resolution")
  const bad = fc.tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom("\u0000", "\ud800", "\udc00"),
    fc.string({ maxLength: 8 })
  )
  fc.assert(
    fc.property(field, bad, (name, [before, char, after]) => {
      const parsed = parseBody(hardened(Body), {
        data: { device: { [name]: before + char + after } },
      })
      expect(parsed.success).toBe(false)
      if (!parsed.success)
        expect(parsed.body.issues.map((issue) => issue.field)).toContain(
          `data.device.${name}`
        )
    }),
    fuzzParameters()
  )
})
