import {
  AdminRecordRefundBody,
  AdminRefundSearchQuery,
} from "./refund-validators"

const messageOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message).join("; ") ?? ""

describe("refund search query", () => {
  it("splits comma-separated values", () => {
    expect(AdminRefundSearchQuery.parse({ order_no: "A1, B2,,C3" })).toEqual({
      order_no: ["A1", "B2", "C3"],
    })
    expect(
      AdminRefundSearchQuery.parse({ reference: "T1-01,RF2" }).reference
    ).toEqual(["T1-01", "RF2"])
  })

  it("reads orders as the admin shows them, and transaction ids", () => {
    expect(
      AdminRefundSearchQuery.parse({ order: "#12, 13,order_01JABCDEF" }).order
    ).toEqual([
      { display_id: 12 },
      { display_id: 13 },
      { id: "order_01JABCDEF" },
    ])
    expect(
      AdminRefundSearchQuery.parse({ transaction_id: "T1,T2" }).transaction_id
    ).toEqual(["T1", "T2"])
  })

  it.each([
    [{}, "order_no"],
    [{}, "transaction_id"],
    [{ order: "12", transaction_id: "T1" }, "order"],
    [{ order: "MED3f2a" }, "order"],
    [{ order: "#" }, "order"],
    [{ order: "1234567890" }, "order"],
    [{ transaction_id: "T 1" }, "transaction_id"],
    [{ order_no: "A1", reference: "R1" }, "order_no"],
    [{ order_no: " , " }, "order_no"],
    [{ reference: "a b" }, "reference"],
    [{ order_no: "x".repeat(51) }, "order_no"],
  ])("refuses %j naming %s", (query, field) => {
    const result = AdminRefundSearchQuery.safeParse(query)
    expect(result.success).toBe(false)
    expect(
      messageOf(result) + JSON.stringify(result.error?.issues[0].path)
    ).toContain(field)
  })

  it("holds the interface's limit of 100 values", () => {
    const values = (n: number) =>
      Array.from({ length: n }, (_, i) => `O${i}`).join(",")
    expect(
      AdminRefundSearchQuery.safeParse({ order_no: values(100) }).success
    ).toBe(true)
    expect(
      AdminRefundSearchQuery.safeParse({ order_no: values(101) }).success
    ).toBe(false)
  })
})

describe("record body", () => {
  it("takes a refund reference or an order number, not both", () => {
    expect(
      AdminRecordRefundBody.safeParse({ refund_reference_id: "T1-02" }).success
    ).toBe(true)
    expect(AdminRecordRefundBody.safeParse({ order_no: "MED1" }).success).toBe(
      true
    )
    const both = AdminRecordRefundBody.safeParse({
      order_no: "MED1",
      refund_reference_id: "T1-02",
    })
    expect(both.success).toBe(false)
    expect(messageOf(both)).toContain("refund_reference_id")
  })
})
