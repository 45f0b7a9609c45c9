import { entryOrders } from "./history-orders"

describe("the order of each history entry", () => {
  const orders = new Map([["pay_1", { id: "order_1", display_id: 12 }]])

  it("is its payment's order, else that of an entry with its acquirer order number", () => {
    expect(
      entryOrders(
        [
          { payment_id: null, order_no: "MED1" },
          { payment_id: "pay_1", order_no: "MED1" },
          { payment_id: "pay_1", order_no: null },
        ],
        orders
      )
    ).toEqual([
      { id: "order_1", display_id: 12 },
      { id: "order_1", display_id: 12 },
      { id: "order_1", display_id: 12 },
    ])
  })

  it("is unknown for an attempt no entry ties to a payment Medusa knows", () => {
    expect(
      entryOrders(
        [
          { payment_id: null, order_no: "MED2" },
          { payment_id: "pay_9", order_no: "MED3" },
          { payment_id: null, order_no: null },
        ],
        orders
      )
    ).toEqual([undefined, undefined, undefined])
  })
})
