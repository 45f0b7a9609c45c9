import { createHash } from "node:crypto"
import {
  computeSignature,
  DEFAULT_SANDBOX_RECIPES,
  recipeValues,
  resolveRecipes,
  signaturesMatch,
  signFields,
  verifyFields,
} from "./signer"

const sha = (text: string) =>
  createHash("sha256").update(text, "utf8").digest("hex")
const recipes = resolveRecipes()

describe("sandbox signer", () => {
  it("hashes the authorise recipe with year before month and the key last", () => {
    const message = {
      merchant_id: "M1",
      account_id: "A1",
      order_no: "ORD-1",
      currency: "USD",
      amount: "15.00",
      first_name: "Ada",
      last_name: "Lovelace",
      card: "4242424242424242",
      expiration_month: "12",
      expiration_year: "2030",
      security_code: "123",
      shopper_email: "ada@example.com",
    }
    const expected = sha(
      "M1A1ORD-1USD15.00AdaLovelace4242424242424242203012123ada@example.comKEY"
    )
    expect(signFields("authorise", message, "KEY", recipes)).toBe(expected)
  })

  it("removes every space before hashing, in values and in the key", () => {
    expect(computeSignature(["Mary Ann", " x "], "K E Y")).toBe(
      sha("MaryAnnxKEY")
    )
  })

  it("expands list paths over every entry and treats absent values as empty", () => {
    const message = {
      merchant_id: "M1",
      capture_orders: [{ transaction_id: "T1" }, {}, { transaction_id: "T3" }],
    }
    expect(recipeValues(DEFAULT_SANDBOX_RECIPES.capture, message)).toEqual([
      "M1",
      "",
      "T1",
      "",
      "T3",
    ])
    expect(signFields("capture", message, "k", recipes)).toBe(sha("M1T1T3k"))
  })

  it("reads dotted paths", () => {
    expect(
      recipeValues(["a.b", "list[].c.d"], {
        a: { b: "x" },
        list: [{ c: { d: "y" } }, { c: {} }],
      })
    ).toEqual(["x", "y", ""])
  })

  it("signs results over the eight result fields", () => {
    const result = {
      merchant_id: "M1",
      account_id: "A1",
      transaction_id: "T9",
      order_no: "O9",
      currency: "JPY",
      amount: "1500",
      order_status: "1",
      result_info: "0000:Success",
      card: "424242******4242",
    }
    expect(signFields("result", result, "s3cret", recipes)).toBe(
      sha("M1A1T9O9JPY150010000:Successs3cret")
    )
  })

  it("compares case-insensitively and refuses anything that is not 64 hex characters", () => {
    const sig = sha("abc")
    expect(signaturesMatch(sig.toUpperCase(), sig)).toBe(true)
    expect(
      signaturesMatch(sig.slice(0, 63) + (sig[63] === "0" ? "1" : "0"), sig)
    ).toBe(false)
    expect(signaturesMatch(sig.slice(0, 60), sig)).toBe(false)
    expect(signaturesMatch(undefined, sig)).toBe(false)
    expect(signaturesMatch("z".repeat(64), sig)).toBe(false)
  })

  it("verifies a message carrying its own signature", () => {
    const msg = {
      merchant_id: "M1",
      account_id: "A1",
      encryption_data: sha("M1A1key"),
    }
    expect(verifyFields("retrieval_trans", msg, "key", recipes)).toBe(true)
    expect(verifyFields("retrieval_trans", msg, "Key", recipes)).toBe(false)
  })

  it("takes recipe overrides and refuses unknown kinds", () => {
    const custom = resolveRecipes({
      retrieval_trans: ["account_id", "merchant_id"],
    })
    expect(
      signFields(
        "retrieval_trans",
        { merchant_id: "M", account_id: "A" },
        "k",
        custom
      )
    ).toBe(sha("AMk"))
    expect(custom.capture).toEqual(DEFAULT_SANDBOX_RECIPES.capture)
    expect(() => resolveRecipes({ nonsense: ["a"] } as never)).toThrow(
      /nonsense/
    )
  })
})
