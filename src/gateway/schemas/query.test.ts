import { decodeForm, encodeForm } from "../codecs/form"
import { validate } from "./common"
import {
  createQuerySchemas,
  queryRequestInputSchema,
  queryRequestSchema,
  queryResponseSchema,
} from "./query"

const envelope = {
  merchant_id: "10001",
  account_id: "10001001",
  encryption_data: "ab".repeat(32),
}

describe("query request", () => {
  it("accepts either selector from a form body", () => {
    expect(
      queryRequestSchema.parse(
        decodeForm(encodeForm({ ...envelope, orders: "A-1,A-2" }))
      )
    ).toEqual({ ...envelope, orders: "A-1,A-2" })
    expect(queryRequestInputSchema.parse({ trades: "T1" })).toEqual({
      trades: "T1",
    })
  })

  it("requires exactly one selector", () => {
    expect(() => validate(queryRequestInputSchema, {})).toThrow(
      "invalid orders: one of orders, trades is required"
    )
    expect(() =>
      validate(queryRequestInputSchema, { orders: "A", trades: "T" })
    ).toThrow("invalid trades: only one of orders, trades may be given")
  })

  it("enforces 100 values and 1,000 characters by default, overridably", () => {
    const hundredAndOne = Array.from({ length: 101 }, (_, i) => `O${i}`).join(
      ","
    )
    expect(() =>
      validate(queryRequestInputSchema, { orders: hundredAndOne })
    ).toThrow("invalid orders: must name at most 100 values, got 101")
    expect(() =>
      validate(queryRequestInputSchema, { orders: "x".repeat(1001) })
    ).toThrow("invalid orders: must be at most 1000 characters")
    expect(() => validate(queryRequestInputSchema, { orders: "A,,B" })).toThrow(
      /without empty ones/
    )
    expect(
      createQuerySchemas({ max_values: 200 }).requestInput.safeParse({
        orders: hundredAndOne,
      }).success
    ).toBe(true)
  })
})

describe("query response", () => {
  const response = {
    merchant_id: "10001",
    account_id: "10001001",
    return_status: "1",
    return_message: "OK",
    antifraud_provider: "riskco",
    fraud_check_result: [{ check_items: "ip", status: "ACCEPT" }],
    is3ds: "0",
    orders_list: [
      {
        order_no: "A-1",
        amount: "15.00",
        currency: "USD",
        payment_status: "3000",
        query_result: "1",
        reference_no: "R1",
        transaction_id: "T1",
        transaction_date: "20261121140526",
        website: "https://shop.example",
      },
    ],
  }

  it("accepts the sample and keeps unknown fields", () => {
    // an entry without chargebacks reads as none
    expect(queryResponseSchema.parse(response)).toEqual({
      ...response,
      orders_list: response.orders_list.map((entry) => ({
        ...entry,
        chargebacks: [],
      })),
    })
    expect(
      queryResponseSchema.parse({ ...response, region: "eu" }).region
    ).toBe("eu")
  })

  it("carries an entry's token_id; empty reads as undefined", () => {
    const parsed = queryResponseSchema.parse({
      ...response,
      orders_list: [
        { ...response.orders_list[0], token_id: "TK_a1b2c3" },
        { ...response.orders_list[0], order_no: "A-2", token_id: "" },
      ],
    })
    expect(parsed.orders_list.map((e) => e.token_id)).toEqual([
      "TK_a1b2c3",
      undefined,
    ])
  })

  it("reads numeric codes as text and a missing list as empty", () => {
    const parsed = queryResponseSchema.parse({
      return_status: 1,
      orders_list: [{ payment_status: 4100, query_result: 1 }],
    })
    expect(parsed.return_status).toBe("1")
    expect(parsed.orders_list[0]).toMatchObject({
      payment_status: "4100",
      query_result: "1",
    })
    expect(
      queryResponseSchema.parse({ return_status: "0" }).orders_list
    ).toEqual([])
  })
})
