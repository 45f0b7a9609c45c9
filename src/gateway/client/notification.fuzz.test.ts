import { createHash } from "node:crypto"
import fc from "fast-check"
import {
  AcquiringError,
  createAcquiringClient,
  decodeForm,
  encodeForm,
  SignatureMismatchError,
} from ".."
import {
  cardNumberForms,
  securityCode,
  validPan,
} from "../__fixtures__/fuzz/card-data"
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

const KEY = "fuzz-sign-key-0123456789"
const client = createAcquiringClient({
  base_url: "http://127.0.0.1:9",
  merchant_id: "M100",
  account_id: "A200",
  sign_key: KEY,
})

/** The result signature, recomputed here from the wire contract: sha256 hex of the fields then the key, spaces removed. */
function sign(fields: Record<string, string>): string {
  const order = [
    "merchant_id",
    "account_id",
    "transaction_id",
    "order_no",
    "currency",
    "amount",
    "order_status",
    "result_info",
  ]
  const plain = (
    order.map((name) => fields[name] ?? "").join("") + KEY
  ).replace(/ /g, "")
  return createHash("sha256").update(plain, "utf8").digest("hex")
}

const wireValue = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.stringMatching(/^[0-9A-Z:.-]{0,12}$/)
)
const notification = fc.record({
  merchant_id: fc.constantFrom("M100", "M100", "M999"),
  account_id: fc.constantFrom("A200", "A200", "A9"),
  transaction_id: wireValue,
  order_no: wireValue,
  currency: fc.constantFrom("EUR", "USD", "JPY", "", "eur"),
  amount: fc.oneof(fc.stringMatching(/^\d{1,6}(\.\d{1,3})?$/), wireValue),
  order_status: fc.constantFrom("1", "0", "-1", "-2", "", "x"),
  result_info: wireValue,
  notify_type: fc.constantFrom(
    "PAYMENT",
    "REVIEW",
    "CAPTURE",
    "CANCEL",
    "REFUND",
    "OTHER",
    ""
  ),
})

function onlyTypedErrors(run: () => unknown): unknown {
  try {
    return run()
  } catch (error) {
    if (!(error instanceof AcquiringError)) throw error
    return error
  }
}

it("answers any form body with a notification or a typed error", () => {
  const body = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc
      .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 }), {
        maxKeys: 8,
      })
      .map((fields) => encodeForm(fields)),
    notification.map((fields) =>
      encodeForm({ ...fields, encryption_data: sign(fields) })
    )
  )
  fc.assert(
    fc.property(body, (raw) => {
      onlyTypedErrors(() => client.verifyNotification(decodeForm(raw)))
    }),
    fuzzParameters()
  )
})

it("accepts a correctly signed notification of this account through the form codec, and only that", () => {
  fc.assert(
    fc.property(notification, fc.boolean(), (fields, tamper) => {
      const signature = sign(fields)
      const sent = {
        ...fields,
        encryption_data: tamper
          ? signature.replace(/^./, (c) => (c === "a" ? "b" : "a"))
          : signature,
      }
      const outcome = onlyTypedErrors(() =>
        client.verifyNotification(decodeForm(encodeForm(sent)))
      )
      if (tamper) {
        expect(outcome).toBeInstanceOf(SignatureMismatchError)
        return
      }
      const acceptable =
        fields.merchant_id === "M100" &&
        fields.account_id === "A200" &&
        ["PAYMENT", "REVIEW", "CAPTURE", "CANCEL", "REFUND"].includes(
          fields.notify_type
        )
      if (acceptable) {
        expect(outcome).toMatchObject({
          order_no: fields.order_no,
          notify_type: fields.notify_type,
        })
      } else {
        expect(outcome).toBeInstanceOf(AcquiringError)
      }
    }),
    fuzzParameters()
  )
})

it("never repeats a card number or security code in its error", () => {
  fc.assert(
    fc.property(
      notification,
      validPan,
      securityCode,
      fc.boolean(),
      (fields, pan, cvc, signed) => {
        const sent: Record<string, string> = {
          ...fields,
          card: pan,
          security_code: cvc,
          note: `${pan} ${cvc}`,
        }
        if (signed) sent.encryption_data = sign(fields)
        const outcome = onlyTypedErrors(() => client.verifyNotification(sent))
        if (outcome instanceof AcquiringError) {
          for (const form of cardNumberForms(pan))
            expect(outcome.message).not.toContain(form)
          expect(outcome.message).not.toMatch(
            new RegExp(`(^|\\D)${cvc}(\\D|$)`)
          )
        }
      }
    ),
    fuzzParameters()
  )
})
