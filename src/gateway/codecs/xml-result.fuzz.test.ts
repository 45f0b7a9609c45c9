import fc from "fast-check"
import {
  AcquiringError,
  buildResponXml,
  parseResponXml,
  ResultFormatError,
} from ".."
import { cardNumberForms, validPan } from "../__fixtures__/fuzz/card-data"
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

const tag = fc.constantFrom(
  "respon",
  "order_no",
  "order_status",
  "risk_reasons",
  "reason",
  "name",
  "status",
  "card",
  "x"
)
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "&amp;",
    "&#233;",
    "&#xD800;",
    "&unknown;",
    "<![CDATA[x]]>",
    "]]>",
    "\u0000"
  )
)

/** XML-looking documents: nested elements, stray text, broken tags, declarations, comments. */
const xmlish: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc
      .tuple(tag, fc.array(tie("node"), { maxLength: 3 }))
      .map(([name, children]) => `<${name}>${children.join("")}</${name}>`),
    fc.tuple(tag, tag).map(([open, close]) => `<${open}>${close}`),
    fc.constantFrom(
      '<?xml version="1.0"?>',
      "<!-- c -->",
      "<!DOCTYPE respon>",
      "<a b='1'/>",
      "</respon>",
      "<"
    )
  ),
})).node

function expectOnlyTypedErrors(run: () => unknown) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ResultFormatError)
    expect(error).toBeInstanceOf(AcquiringError)
  }
}

it("reads any text as a respon record or a ResultFormatError", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.string({ unit: "binary", maxLength: 40 }),
        xmlish
      ),
      (input) => {
        expectOnlyTypedErrors(() => {
          const record = parseResponXml(input)
          expect(Array.isArray(record.risk_reasons)).toBe(true)
        })
      }
    ),
    fuzzParameters()
  )
})

it("reads back every field it wrote (values trimmed, as the parser trims)", () => {
  const field = fc
    .stringMatching(/^[a-z][a-z_]{0,15}$/)
    .filter((name) => name !== "risk_reasons")
  const value = fc
    .string({ maxLength: 20 })
    .filter((v) => !v.includes("\u0000"))
  fc.assert(
    fc.property(fc.dictionary(field, value, { maxKeys: 5 }), (fields) => {
      const record = parseResponXml(buildResponXml(fields))
      for (const [name, written] of Object.entries(fields)) {
        expect(record[name] ?? "").toBe(written.trim())
      }
    }),
    fuzzParameters()
  )
})

it("never puts the card number of a broken document into its error", () => {
  fc.assert(
    fc.property(validPan, xmlish, (pan, noise) => {
      const doc = `<respon><card>${pan}</card>${noise}<order_no>${pan}</respon>`
      try {
        parseResponXml(doc)
      } catch (error) {
        for (const form of cardNumberForms(pan)) {
          expect((error as Error).message).not.toContain(form)
        }
      }
    }),
    fuzzParameters()
  )
})
