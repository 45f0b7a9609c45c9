/** Device data the storefront collects for 3-D Secure and risk screening, validated before storage. */
import { z } from "zod"
import { maskCardNumbersInText } from "../gateway/redact"

/** Free text of the shopper's browser: a card number typed into it is stored as first 6 / last 4. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform(maskCardNumbersInText)

export const DeviceSchema = z
  .object({
    os: text(100).optional(),
    browser: text(100).optional(),
    time_zone: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(
        z
          .string()
          .regex(
            /^([+-]?\d{1,4}|[+-]\d{2}:?\d{2}|[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2})$/,
            "must be a UTC offset (like -60 or +02:00) or an IANA zone (like Europe/Berlin)"
          )
      )
      .optional(),
    resolution: z
      .string()
      .regex(/^\d{2,5}[x*]\d{2,5}$/, "must look like 1920x1080")
      .optional(),
    color_depth: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(/^\d{1,2}$/, "must be a bit depth such as 24"))
      .optional(),
    challenge_window_size: z
      .enum(["01", "02", "03", "04", "05"], {
        error: "must be one of 01, 02, 03, 04, 05",
      })
      .optional(),
  })
  .strict()

export type DeviceData = z.infer<typeof DeviceSchema>
