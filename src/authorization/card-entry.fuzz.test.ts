import fc from "fast-check"
import { parseBody } from "../input-hardening/index"
import { CardEntrySchema, describeCardIssues } from "./card-entry"
import {
  cardNumberForms,
  securityCode,
  validPan,
} from "../gateway/__fixtures__/fuzz/card-data"
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../gateway/__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

const junk = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.nat(), { maxLength: 3 })
)

/** A card body where each field is right, slightly wrong or junk; the PAN and CVC are kept to look for echoes. */
const cardBody = fc
  .record({
    pan: validPan,
    cvc: securityCode,
    number: fc.integer({ min: 0, max: 5 }),
    cvcForm: fc.integer({ min: 0, max: 3 }),
    expiry_month: fc.oneof(
      fc.integer({ min: -1, max: 14 }),
      fc.stringMatching(/^\d{1,3}$/),
      junk
    ),
    expiry_year: fc.oneof(
      fc.integer({ min: 0, max: 2100 }),
      fc.stringMatching(/^\d{2,4}$/),
      junk
    ),
    holder: fc.option(
      fc.record({ first_name: junk, last_name: junk }, { requiredKeys: [] }),
      { nil: undefined }
    ),
    // Unknown keys are named back to the sender; keys here are never card data.
    extra: fc.option(
      fc.dictionary(fc.stringMatching(/^[a-z_]{1,6}$/), junk, { maxKeys: 2 }),
      { nil: undefined }
    ),
  })
  .map((g) => {
    const number = [
      g.pan,
      g.pan.replace(/(\d{4})/g, "$1 ").trim(),
      g.pan.slice(0, -1) + String((Number(g.pan.slice(-1)) + 1) % 10), // check digit wrong
      `${g.pan}0000000`, // too long
      g.pan.replace(/\d/, "x"),
      Number(g.pan),
    ][g.number]
    const security_code = [
      g.cvc,
      `${g.cvc}5`.slice(0, 5),
      Number(g.cvc),
      `x${g.cvc}`,
    ][g.cvcForm]
    const body: Record<string, unknown> = {
      card: {
        number,
        expiry_month: g.expiry_month,
        expiry_year: g.expiry_year,
        security_code,
        ...(g.extra ?? {}),
      },
    }
    if (g.holder) body.holder = g.holder
    return { body, pan: g.pan, cvc: g.cvc }
  })

it("never throws and never repeats the card number or security code in an issue", () => {
  fc.assert(
    fc.property(cardBody, ({ body, pan }) => {
      const parsed = CardEntrySchema.safeParse(body)
      if (parsed.success) {
        expect(parsed.data.card?.number).toMatch(/^\d{12,19}$/)
        expect(parsed.data.card?.security_code).toMatch(/^\d{3,4}$/)
        return
      }
      const text = JSON.stringify(describeCardIssues(parsed.error))
      for (const form of cardNumberForms(pan)) expect(text).not.toContain(form)
      // No security code either: the only run of 3+ digits a reason may hold
      // is the example year "2030" of the documented expiry message.
      const digitRuns = text.match(/\d{3,}/g) ?? []
      for (const run of digitRuns) expect(["2030"]).toContain(run)
    }),
    fuzzParameters()
  )
})

it("answers the same through the hardened body parser, with fields named", () => {
  fc.assert(
    fc.property(cardBody, ({ body, pan }) => {
      const parsed = parseBody(CardEntrySchema, body)
      if (parsed.success) return
      expect(parsed.body.type).toBe("invalid_data")
      for (const issue of parsed.body.issues)
        expect(issue.field).toMatch(/^(card|holder|body)/)
      for (const form of cardNumberForms(pan))
        expect(JSON.stringify(parsed.body)).not.toContain(form)
    }),
    fuzzParameters()
  )
})
