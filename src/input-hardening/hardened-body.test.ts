import { validateAndTransformBody } from "@medusajs/framework/http"
import { z } from "zod"
import { hardened, inspectUntrusted, parseBody, validateBody } from "./index"

const DeviceBody = z
  .object({
    data: z
      .object({
        device: z
          .object({
            os: z.string().max(50).optional(),
            browser: z.string().optional(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict()

const nested = (levels: number): unknown => {
  let value: unknown = "leaf"
  for (let i = 0; i < levels; i++) value = { a: value }
  return value
}

describe("inspectUntrusted", () => {
  it.each([
    [
      { data: { device: { os: "Linux\u0000" } } },
      "data.device.os",
      "contains a NUL character, which cannot be stored",
    ],
    [
      { data: { device: { os: "Linux\ud800" } } },
      "data.device.os",
      "contains an unpaired UTF-16 surrogate, which cannot be stored",
    ],
    [
      { data: { device: { os: "\udc00x" } } },
      "data.device.os",
      "contains an unpaired UTF-16 surrogate, which cannot be stored",
    ],
    [
      { items: ["ok", "x".repeat(2001)] },
      "items[1]",
      "must be at most 2000 characters",
    ],
    [
      JSON.parse('{"data":{"__proto__":{"admin":true}}}'),
      "data.__proto__",
      "is a reserved name and is not accepted",
    ],
    [
      { holder: { constructor: { prototype: {} } } },
      "holder.constructor",
      "is a reserved name and is not accepted",
    ],
    [
      { a: { prototype: 1 } },
      "a.prototype",
      "is a reserved name and is not accepted",
    ],
    [
      { data: [{ toString: {} }] },
      "data[0].toString",
      "is a reserved name and is not accepted",
    ],
    [
      { provider_id: { valueOf: 1 } },
      "provider_id.valueOf",
      "is a reserved name and is not accepted",
    ],
    [
      { ["k\u0000"]: 1 },
      "k\\u0000",
      "has a name that contains a NUL character, which cannot be stored",
    ],
  ])(
    "refuses an unstorable or reserved input (case %#)",
    (body, field, reason) => {
      expect(inspectUntrusted(body)).toEqual([{ field, reason }])
    }
  )

  it("accepts emoji (paired surrogates), other scripts and ordinary bodies", () => {
    expect(
      inspectUntrusted({
        data: { device: { os: "iOS 17 📱", browser: "Сафари 東京" } },
        list: [1, true, null],
      })
    ).toEqual([])
  })

  it("refuses the level past max_depth and accepts max_depth itself", () => {
    expect(inspectUntrusted(nested(8))).toEqual([])
    expect(inspectUntrusted(nested(9))).toEqual([
      { field: "a.a.a.a.a.a.a.a", reason: "is nested deeper than 8 levels" },
    ])
    expect(inspectUntrusted(nested(3), { max_depth: 2 })).toEqual([
      { field: "a.a", reason: "is nested deeper than 2 levels" },
    ])
  })

  it("walks a 100,000-level body without overflowing the stack", () => {
    expect(inspectUntrusted(nested(100_000))).toHaveLength(1)
  })

  it("bounds objects, lists and the whole body", () => {
    const wide = Object.fromEntries(
      Array.from({ length: 101 }, (_, i) => [`k${i}`, i])
    )
    expect(inspectUntrusted({ wide })).toEqual([
      { field: "wide", reason: "must hold at most 100 fields" },
    ])
    expect(inspectUntrusted({ list: new Array(201).fill(0) })).toEqual([
      { field: "list", reason: "must hold at most 200 items" },
    ])
    const many = {
      lists: Array.from({ length: 100 }, () => new Array(100).fill("x")),
    }
    expect(inspectUntrusted(many)).toEqual([
      { field: "body", reason: "must hold at most 5000 values" },
    ])
  })

  it("never shows a card number sent as a key", () => {
    const issues = inspectUntrusted({
      card: { ["4111111111111111\u0000"]: "x" },
    })
    expect(issues).toEqual([
      {
        field: "card.…\\u0000",
        reason:
          "has a name that contains a NUL character, which cannot be stored",
      },
    ])
  })

  it("reports at most max_issues issues", () => {
    const body = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`k${i}`, "\u0000"])
    )
    expect(inspectUntrusted(body)).toHaveLength(10)
    expect(inspectUntrusted(body, { max_issues: 3 })).toHaveLength(3)
  })
})

describe("validateBody middleware", () => {
  function run(body: unknown) {
    const req: { body?: unknown; validatedBody?: unknown } = { body }
    const answer: { status?: number; json?: unknown; next: boolean } = {
      next: false,
    }
    const res = {
      status(code: number) {
        answer.status = code
        return { json: (json: unknown) => (answer.json = json) }
      },
    }
    validateBody(DeviceBody)(req, res, () => (answer.next = true))
    return { req, answer }
  }

  it("answers 400 naming the field for a NUL character", () => {
    const { answer } = run({ data: { device: { os: "a\u0000b" } } })
    expect(answer).toEqual({
      status: 400,
      next: false,
      json: {
        type: "invalid_data",
        message:
          "Invalid request: data.device.os: contains a NUL character, which cannot be stored",
        issues: [
          {
            field: "data.device.os",
            reason: "contains a NUL character, which cannot be stored",
          },
        ],
      },
    })
  })

  it("answers 400 with the schema's issues, unknown keys named safely", () => {
    const { answer } = run({
      data: { device: { os: "x".repeat(51), extra: 1 } },
    })
    expect(answer.status).toBe(400)
    expect((answer.json as { issues: unknown[] }).issues).toEqual(
      expect.arrayContaining([
        { field: "data.device", reason: "has unknown field(s) extra" },
        { field: "data.device.os", reason: expect.stringMatching(/50/) },
      ])
    )
  })

  it("passes a good body on as req.validatedBody", () => {
    const { req, answer } = run({ data: { device: { os: "Linux" } } })
    expect(answer).toEqual({ next: true })
    expect(req.validatedBody).toEqual({ data: { device: { os: "Linux" } } })
  })
})

describe("hardened() with Medusa's validateAndTransformBody", () => {
  async function medusa(body: unknown) {
    const req = { body } as Parameters<
      ReturnType<typeof validateAndTransformBody>
    >[0]
    let error: unknown
    // Medusa types it with its own zod copy: the cast docs/abuse-protection.md gives
    await validateAndTransformBody(hardened(DeviceBody) as never)(
      req,
      {} as never,
      (e?: unknown) => {
        error = e
      }
    )
    return {
      req,
      error: error as { type?: string; message?: string } | undefined,
    }
  }

  it("turns a lone surrogate into Medusa's invalid_data error naming the field", async () => {
    const { error } = await medusa({ data: { device: { browser: "\ud83d" } } })
    expect(error?.type).toBe("invalid_data")
    expect(error?.message).toBe(
      "Invalid request: data.device.browser contains an unpaired UTF-16 surrogate, which cannot be stored"
    )
  })

  it("refuses a prototype key before the schema runs", async () => {
    const { error } = await medusa(
      JSON.parse('{"data":{"device":{}},"__proto__":{"x":1}}')
    )
    expect(error?.message).toBe(
      "Invalid request: __proto__ is a reserved name and is not accepted"
    )
  })

  it("sets validatedBody for a good body", async () => {
    const { req, error } = await medusa({ data: { device: { os: "Linux" } } })
    expect(error).toBeUndefined()
    expect(req.validatedBody).toEqual({ data: { device: { os: "Linux" } } })
  })

  it("keeps the structured issues for parseBody callers", () => {
    const parsed = parseBody(
      hardened(DeviceBody),
      JSON.parse('{"data":{"device":{"os":"\\u0000"}}}')
    )
    expect(parsed).toMatchObject({ success: false })
  })
})
