import { validate } from "./common"
import {
  captureRequestInputSchema,
  captureRequestSchema,
  captureResponseSchema,
} from "./capture"

const envelope = {
  merchant_id: "10001",
  account_id: "10001001",
  encryption_data: "ab".repeat(32),
}
const entry = {
  transaction_id: "T1",
  order_no: "ORD-1",
  currency: "USD",
  amount: "15.00",
}

describe("capture", () => {
  it("accepts the sample request and response", () => {
    expect(
      captureRequestSchema.parse({ ...envelope, capture_orders: [entry] })
    ).toEqual({ ...envelope, capture_orders: [entry] })
    const response = {
      ...envelope,
      return_status: "1",
      return_message: "OK",
      capture_orders: [{ ...entry, capture_status: "1", error_message: "" }],
    }
    expect(captureResponseSchema.parse(response)).toEqual(response)
  })

  it("keeps unknown fields of the response and its entries", () => {
    const parsed = captureResponseSchema.parse({
      return_status: "1",
      batch_id: "B7",
      capture_orders: [
        { ...entry, capture_status: "1", settled_at: "20261121" },
      ],
    })
    expect(parsed.batch_id).toBe("B7")
    expect(parsed.capture_orders[0]).toMatchObject({ settled_at: "20261121" })
  })

  it("reads a refusal without entries", () => {
    expect(
      captureResponseSchema.parse({
        return_status: "0",
        return_message: "E0003:Too many entries",
      }).capture_orders
    ).toEqual([])
  })

  it("names the field of a bad entry", () => {
    expect(() =>
      validate(captureRequestInputSchema, {
        capture_orders: [entry, { ...entry, amount: "15,00" }],
      })
    ).toThrow(
      "invalid capture_orders[1].amount: must be a decimal string with a point, such as 15.00"
    )
    expect(() =>
      validate(captureRequestInputSchema, {
        capture_orders: [{ ...entry, transaction_id: "" }],
      })
    ).toThrow(
      "invalid capture_orders[0].transaction_id: is required and must not be empty"
    )
    expect(() =>
      validate(captureRequestInputSchema, { capture_orders: [] })
    ).toThrow("invalid capture_orders: must hold at least one entry")
  })

  it("requires return_status in the response", () => {
    expect(
      captureResponseSchema.safeParse({ capture_orders: [] }).error?.issues[0]
        .path
    ).toEqual(["return_status"])
  })
})
