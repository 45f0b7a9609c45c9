import { createHash } from "node:crypto"
import { SignatureMismatchError } from "../errors"
import {
  DEFAULT_RECIPES,
  MESSAGE_KINDS,
  MessageKind,
  resolveRecipes,
} from "./recipes"
import {
  assertSignedMessage,
  computeSignature,
  recipeValues,
  signMessage,
  signaturesMatch,
  verifyEcho,
  verifyMessage,
} from "./signature"

const KEY = "Sk3y-Case"

/** Independent digest: the plain string is written out by hand in each case below. */
function sha(plain: string): string {
  return createHash("sha256").update(plain, "utf8").digest("hex")
}

const common = { merchant_id: "10001", account_id: "20002" }

const cases: Array<[MessageKind, Record<string, unknown>, string]> = [
  [
    "authorise",
    {
      ...common,
      order_no: "ORD-1",
      currency: "USD",
      amount: "15.00",
      first_name: "Mary Ann",
      last_name: "Doe",
      card: "4242424242424242",
      expiration_month: "07",
      expiration_year: "2030",
      security_code: "123",
      shopper_email: "mary@example.com",
      note: "not signed",
    },
    "1000120002ORD-1USD15.00MaryAnnDoe4242424242424242203007123mary@example.com" +
      KEY,
  ],
  [
    "checkout",
    {
      ...common,
      order_no: "ORD-2",
      currency: "JPY",
      amount: "1500",
      return_url: "https://shop.test/return",
    },
    "1000120002ORD-2JPY1500https://shop.test/return" + KEY,
  ],
  [
    "capture",
    {
      ...common,
      capture_orders: [
        { transaction_id: "T1", amount: "1.00" },
        { transaction_id: "T2" },
      ],
    },
    "1000120002T1T2" + KEY,
  ],
  [
    "cancel",
    { ...common, cancel_orders: [{ transaction_id: "T3" }] },
    "1000120002T3" + KEY,
  ],
  [
    "review",
    {
      ...common,
      review_orders: [
        { transaction_id: "T4", review_flag: "1" },
        { transaction_id: "T5", review_flag: "0" },
      ],
    },
    "1000120002T4T5" + KEY,
  ],
  [
    "refund",
    {
      ...common,
      refund_orders: [
        { transaction_id: "T6", refund_amount: "1.250" },
        { transaction_id: "T7" },
        { transaction_id: "T8" },
      ],
    },
    "1000120002T6T7T8" + KEY,
  ],
  ["retrieval_trans", { ...common, orders: "A,B" }, "1000120002" + KEY],
  ["retrieval_refund", { ...common, refund_orders: "A" }, "1000120002" + KEY],
  [
    "payout",
    {
      ...common,
      request_id: "9b2f4c1e-1111-4222-8333-444455556666",
      payment_currency: "KWD",
      payment_amount: "1.250",
    },
    "10001200029b2f4c1e-1111-4222-8333-444455556666KWD1.250" + KEY,
  ],
  [
    "cancel_subscription",
    { ...common, recurring_id: "R-9", contract_name: "Monthly box" },
    "1000120002R-9Monthlybox" + KEY,
  ],
  [
    "optimise",
    {
      ...common,
      request_id: "REQ-1",
      currency: "USD",
      amount: "15.00",
      shopper_email: "a@b.test",
    },
    "1000120002REQ-1USD15.00a@b.test" + KEY,
  ],
  [
    "result",
    {
      ...common,
      transaction_id: "TX-77",
      order_no: "ORD-1",
      currency: "KWD",
      amount: "1.250",
      order_status: "1",
      result_info: "0000:Success",
      card: "424242******4242",
    },
    "1000120002TX-77ORD-1KWD1.25010000:Success" + KEY,
  ],
  [
    "chargeback",
    {
      ...common,
      transaction_id: "TX-77",
      order_no: "ORD-1",
      currency: "EUR",
      amount: "20.00",
      order_status: "1",
      result_info: "0000:Success",
      notify_type: "CHARGEBACK",
      chargeback_reference: "CB-9",
      chargeback_amount: "15.00",
      chargeback_status: "OPEN",
      chargeback_reason: "4837:No cardholder authorisation",
    },
    "1000120002TX-77ORD-1EUR20.0010000:SuccessCB-915.00OPEN" + KEY,
  ],
  [
    "recurring",
    {
      ...common,
      transaction_id: "TX-78",
      order_no: "ORD-1-R2",
      currency: "EUR",
      amount: "12.50",
      order_status: "1",
      result_info: "0000:Success",
      notify_type: "RECURRING",
      recurring_id: "RC-4",
      deduction_number: "2",
      retry_number: "1",
    },
    "1000120002TX-78ORD-1-R2EUR12.5010000:SuccessRC-42" + KEY,
  ],
  [
    "payout_response",
    {
      ...common,
      request_id: "REQ-2",
      transaction_id: "PT-1",
      status: "COMPLETED",
      fee_amount: 1.5,
    },
    "1000120002REQ-2PT-1COMPLETED" + KEY,
  ],
]

describe("signMessage with the default recipes", () => {
  it("covers every message kind", () => {
    expect(cases.map(([kind]) => kind).sort()).toEqual(
      [...MESSAGE_KINDS].sort()
    )
  })

  it.each(cases)("%s", (kind, message, plain) => {
    const expected = sha(plain)
    expect(signMessage(kind, message, KEY)).toBe(expected)
    expect(
      verifyMessage(kind, { ...message, encryption_data: expected }, KEY)
    ).toBe(true)
    expect(
      verifyMessage(
        kind,
        { ...message, encryption_data: expected.toUpperCase() },
        KEY
      )
    ).toBe(true)
    expect(
      verifyMessage(
        kind,
        { ...message, encryption_data: sha(plain + "x") },
        KEY
      )
    ).toBe(false)
  })
})

describe("computeSignature", () => {
  it("hashes values then key as 64 lowercase hex", () => {
    const digest = computeSignature(["a", "b"], "K")
    expect(digest).toBe(sha("abK"))
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
  })

  it("removes every space, also inside the key and around values", () => {
    expect(computeSignature([" New York ", "a b  c"], "K K")).toBe(
      sha("NewYorkabcKK")
    )
  })

  it("keeps the key case-sensitive", () => {
    expect(computeSignature(["a"], "key")).not.toBe(
      computeSignature(["a"], "KEY")
    )
  })

  it("refuses an empty key", () => {
    expect(() => computeSignature(["a"], "")).toThrow(TypeError)
  })
})

describe("recipeValues", () => {
  it("gives absent values as empty strings", () => {
    expect(recipeValues("authorise", { ...common, order_no: "O" })).toEqual([
      "10001",
      "20002",
      "O",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ])
    expect(signMessage("checkout", { ...common, order_no: "O" }, KEY)).toBe(
      sha("1000120002O" + KEY)
    )
  })

  it("expands list paths in list order and reads nested paths", () => {
    const recipes = resolveRecipes({
      payout: ["merchant_id", "beneficiary.bank_details.iban", "items[].id"],
    })
    expect(
      recipeValues(
        "payout",
        {
          merchant_id: "M",
          beneficiary: { bank_details: { iban: "DE00" } },
          items: [{ id: 2 }, { id: 1 }],
        },
        recipes
      )
    ).toEqual(["M", "DE00", "2", "1"])
  })
})

describe("recipe overrides", () => {
  it("replace only the named kind", () => {
    const recipes = resolveRecipes({ checkout: ["merchant_id", "order_no"] })
    expect(
      signMessage(
        "checkout",
        { ...common, order_no: "O", return_url: "u" },
        KEY,
        recipes
      )
    ).toBe(sha("10001O" + KEY))
    expect(recipes.capture).toEqual(DEFAULT_RECIPES.capture)
  })

  it("may be passed as a partial set, other kinds keeping their default", () => {
    const partial = { checkout: ["order_no"] }
    expect(signMessage("checkout", { order_no: "O" }, KEY, partial)).toBe(
      sha("O" + KEY)
    )
    expect(
      signMessage(
        "cancel",
        { ...common, cancel_orders: [{ transaction_id: "T" }] },
        KEY,
        partial
      )
    ).toBe(sha("1000120002T" + KEY))
  })

  it("refuse unknown kinds and malformed paths", () => {
    expect(() => resolveRecipes({ nope: ["a"] } as never)).toThrow(RangeError)
    expect(() => resolveRecipes({ checkout: [] })).toThrow(RangeError)
    expect(() => resolveRecipes({ checkout: ["a b"] })).toThrow(RangeError)
  })
})

describe("signaturesMatch", () => {
  const digest = sha("x")
  it("is case-insensitive", () => {
    expect(signaturesMatch(digest.toUpperCase(), digest)).toBe(true)
  })
  it("is false for other digests, other lengths and non-strings without throwing", () => {
    expect(signaturesMatch(sha("y"), digest)).toBe(false)
    expect(signaturesMatch(digest.slice(1), digest)).toBe(false)
    expect(signaturesMatch("", "")).toBe(false)
    expect(signaturesMatch(undefined, digest)).toBe(false)
    expect(signaturesMatch(123, digest)).toBe(false)
  })
})

describe("assertSignedMessage and verifyEcho", () => {
  it("throw SignatureMismatchError naming the kind, never the key or the expected digest", () => {
    const message = {
      ...common,
      transaction_id: "T",
      encryption_data: sha("forged"),
    }
    const expected = signMessage("result", message, KEY)
    try {
      assertSignedMessage("result", message, KEY)
      throw new Error("no error")
    } catch (err) {
      expect(err).toBeInstanceOf(SignatureMismatchError)
      expect((err as SignatureMismatchError).message_kind).toBe("result")
      expect((err as Error).message).not.toContain(KEY)
      expect((err as Error).message).not.toContain(expected)
    }
  })

  it("accepts an echo of the request signature, in either case", () => {
    const signature = sha("request")
    expect(() =>
      verifyEcho(
        "capture",
        { encryption_data: signature.toUpperCase() },
        signature
      )
    ).not.toThrow()
    expect(() =>
      verifyEcho("capture", { encryption_data: sha("other") }, signature)
    ).toThrow(SignatureMismatchError)
    expect(() => verifyEcho("capture", {}, signature)).toThrow(
      SignatureMismatchError
    )
  })
})
