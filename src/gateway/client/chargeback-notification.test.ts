import { createHash } from "node:crypto"
import {
  createAcquiringClient,
  InvalidInputError,
  queryEntrySchema,
  SignatureMismatchError,
} from "../index"

const KEY = "cb-sign-key"

const client = createAcquiringClient({
  base_url: "http://127.0.0.1:9",
  merchant_id: "M100",
  account_id: "A200",
  sign_key: KEY,
})

const base = {
  merchant_id: "M100",
  account_id: "A200",
  transaction_id: "T-1",
  order_no: "ORD-1",
  currency: "EUR",
  amount: "20.00",
  order_status: "1",
  result_info: "0000:Success",
}

const chargeback = {
  ...base,
  notify_type: "CHARGEBACK",
  chargeback_reference: "CB-1",
  chargeback_amount: "15.00",
  chargeback_reason: "4837:No cardholder authorisation",
  chargeback_status: "OPEN",
  chargeback_date: "20261120093000",
  respond_by: "20261210235959",
}

// the wire contract's recipe, recomputed independently of the client
function signed(fields: Record<string, string>, extra: string[]) {
  const plain = [
    fields.merchant_id,
    fields.account_id,
    fields.transaction_id,
    fields.order_no,
    fields.currency,
    fields.amount,
    fields.order_status,
    fields.result_info,
    ...extra,
    KEY,
  ]
    .join("")
    .replace(/ /g, "")
  return {
    ...fields,
    encryption_data: createHash("sha256").update(plain).digest("hex"),
  }
}

describe("a CHARGEBACK notification", () => {
  it("is verified with the chargeback's reference, amount and status appended", () => {
    const note = client.verifyNotification(
      signed(chargeback, ["CB-1", "15.00", "OPEN"])
    )
    expect(note.notify_type).toBe("CHARGEBACK")
    expect(note.chargeback_reference).toBe("CB-1")
    expect(note.chargeback_status).toBe("OPEN")
    expect(note.respond_by).toBe("20261210235959")
  })

  it("is refused when signed as a bare result or altered in a signed chargeback field", () => {
    expect(() => client.verifyNotification(signed(chargeback, []))).toThrow(
      SignatureMismatchError
    )
    const good = signed(chargeback, ["CB-1", "15.00", "OPEN"])
    for (const change of [
      { chargeback_status: "LOST" },
      { chargeback_amount: "150.00" },
      { chargeback_reference: "CB-2" },
    ])
      expect(() => client.verifyNotification({ ...good, ...change })).toThrow(
        SignatureMismatchError
      )
  })

  it("names an unknown chargeback status", () => {
    const odd = { ...chargeback, chargeback_status: "MAYBE" }
    const error = (() => {
      try {
        client.verifyNotification(signed(odd, ["CB-1", "15.00", "MAYBE"]))
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).field).toBe("chargeback_status")
  })
})

describe("a status-query entry", () => {
  it("lists its chargebacks, and none when the field is absent or empty", () => {
    const entry = queryEntrySchema.parse({
      order_no: "ORD-1",
      payment_status: "5000",
      chargebacks: [
        {
          chargeback_reference: "CB-1",
          chargeback_amount: 15,
          chargeback_reason: "4837:No cardholder authorisation",
          chargeback_status: "open",
          chargeback_date: "20261120093000",
          respond_by: "20261210235959",
        },
      ],
    })
    expect(entry.chargebacks).toEqual([
      expect.objectContaining({
        chargeback_reference: "CB-1",
        chargeback_amount: "15",
        chargeback_status: "OPEN",
      }),
    ])
    expect(queryEntrySchema.parse({ order_no: "X" }).chargebacks).toEqual([])
    expect(
      queryEntrySchema.parse({ order_no: "X", chargebacks: "" }).chargebacks
    ).toEqual([])
  })
})
