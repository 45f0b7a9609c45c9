import fc from "fast-check"
import { decodeItems, encodeItems, InvalidInputError } from ".."
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

/** Text rich in the separators' characters, so cleaning is exercised. */
const separatorHeavy = fc
  .array(fc.constantFrom("#", ",", ";", " ", "a", "0", "#,#", "#;#"), {
    maxLength: 12,
  })
  .map((parts) => parts.join(""))
const itemText = fc.option(
  fc.oneof(fc.string({ maxLength: 20 }), separatorHeavy),
  { nil: undefined }
)
const item = fc.record({
  name: itemText,
  code: itemText,
  unit_price: fc.option(
    fc.oneof(
      fc.stringMatching(/^ ?-?\d{1,5}(\.\d{1,2})? ?$/),
      fc.string({ maxLength: 6 })
    ),
    {
      nil: undefined,
    }
  ),
  quantity: fc.option(
    fc.oneof(
      fc.nat({ max: 999 }),
      fc.stringMatching(/^\d{1,3}$/),
      fc.string({ maxLength: 4 })
    ),
    {
      nil: undefined,
    }
  ),
})

function encodeOrTypedError(items: readonly unknown[]): string | undefined {
  try {
    // fields left out or of the wrong kind on purpose: what an untyped caller may pass
    return encodeItems(items as Parameters<typeof encodeItems>[0])
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError)
    return undefined
  }
}

it("encodes any items or names the bad field, and reads back what it wrote", () => {
  fc.assert(
    fc.property(fc.array(item, { maxLength: 6 }), (items) => {
      const encoded = encodeOrTypedError(items)
      if (encoded === undefined) return
      const decoded = decodeItems(encoded)
      expect(decoded).toHaveLength(items.length)
      decoded.forEach((read, index) => {
        for (const text of [read.name, read.code]) {
          expect(text).not.toContain("#,#")
          expect(text).not.toContain("#;#")
        }
        const price = String(items[index].unit_price ?? "").trim()
        const quantity = String(items[index].quantity ?? "").trim()
        expect(read.unit_price).toBe(price === "" ? "0" : price)
        expect(read.quantity).toBe(quantity === "" ? "0" : quantity)
      })
      // Encoding what was read back changes nothing: cleaning is complete in one pass.
      expect(encodeItems(decoded)).toBe(encoded)
    }),
    fuzzParameters()
  )
})

it("decodes any string into items or an InvalidInputError", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ maxLength: 80 }), separatorHeavy),
      (text) => {
        try {
          for (const read of decodeItems(text)) {
            expect(typeof read.name).toBe("string")
          }
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
        }
      }
    ),
    fuzzParameters()
  )
})
