import { InvalidInputError } from "./errors"
import {
  ERROR_CODE,
  ERROR_CODE_MEANINGS,
  interpretOrderStatus,
  interpretPaymentStatus,
  ORDER_STATUS,
  PAYMENT_STATUS,
  QUERY_RESULT,
} from "./statuses"

describe("status constants", () => {
  it("carry the wire values", () => {
    expect(ORDER_STATUS).toEqual({
      AUTHORIZED: "1",
      FAILED: "0",
      PENDING: "-1",
      REVIEW: "-2",
    })
    expect(Object.values(PAYMENT_STATUS)).toEqual([
      "1000",
      "1100",
      "2000",
      "2100",
      "2200",
      "3000",
      "4000",
      "4100",
      "5000",
      "5100",
    ])
    expect(Object.values(QUERY_RESULT)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "999",
    ])
    expect(ERROR_CODE.SIGNATURE_ERROR).toBe("I0013")
    expect(ERROR_CODE_MEANINGS.E0006).toBe(
      "refund exceeds the refundable amount"
    )
    expect(Object.keys(ERROR_CODE_MEANINGS)).toHaveLength(15)
    expect(ERROR_CODE.SUBSCRIPTION_ENDED).toBe("E0013")
    expect(ERROR_CODE.TRANSFER_NOT_RECEIVED).toBe("E0012")
    expect(ERROR_CODE_MEANINGS.E0012).toBe("transfer not received")
    expect(ERROR_CODE.STORED_CARD_NOT_FOUND).toBe("E0011")
    expect(ERROR_CODE_MEANINGS.E0011).toBe("stored card not found")
  })
})

describe("interpretOrderStatus", () => {
  it.each([
    ["1", "authorised"],
    ["0", "failed"],
    ["-1", "pending"],
    ["-2", "review"],
    [" 1 ", "authorised"],
    ["7", "unknown"],
    ["", "unknown"],
    [undefined, "unknown"],
    ["toString", "unknown"],
  ])("%j means %s", (code, meaning) => {
    expect(interpretOrderStatus(code)).toBe(meaning)
  })

  it("takes overrides that replace and extend the table", () => {
    const overrides = { "-1": "failed", "2": "authorised" } as const
    expect(interpretOrderStatus("-1", overrides)).toBe("failed")
    expect(interpretOrderStatus("2", overrides)).toBe("authorised")
    expect(interpretOrderStatus("1", overrides)).toBe("authorised")
  })

  it("refuses an override with a meaning it does not know, naming it", () => {
    expect(() => interpretOrderStatus("1", { "1": "paid" as never })).toThrow(
      InvalidInputError
    )
    expect(() => interpretOrderStatus("1", { "1": "paid" as never })).toThrow(
      /order_status_meanings\.1/
    )
  })
})

describe("interpretPaymentStatus", () => {
  it.each([
    ["1000", "failed"],
    ["1100", "cancelled"],
    ["2000", "authorised"],
    ["2100", "pending"],
    ["2200", "review"],
    ["3000", "captured"],
    ["4000", "refunded"],
    ["4100", "partly_refunded"],
    [3000, "captured"],
    ["5000", "disputed"],
    ["5100", "charged_back"],
    ["5200", "unknown"],
  ])("%j means %s", (code, meaning) => {
    expect(interpretPaymentStatus(code)).toBe(meaning)
  })

  it("takes overrides", () => {
    expect(interpretPaymentStatus("2000", { "2000": "captured" })).toBe(
      "captured"
    )
    expect(interpretPaymentStatus("5000", { "5000": "refunded" })).toBe(
      "refunded"
    )
    expect(interpretPaymentStatus("3000", { "2000": "captured" })).toBe(
      "captured"
    )
  })
})
