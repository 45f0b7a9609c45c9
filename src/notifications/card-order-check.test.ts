/**
 * The check once a card payment's wait is over: Medusa's process-payment
 * workflow for a cart the storefront never completed, nothing for one it
 * did. Medusa's Query and workflow engine are stood in for.
 */
import { cardOrderDue, completeDueCardOrder } from "./card-order-check"
import { standIn } from "./__fixtures__/medusa-stand-in"

const medusa = (ordered: boolean, exists = true) =>
  standIn({ payment: ordered, order: ordered, gone: !exists })

const DUE = { session_id: "payses_1", amount: "15.00", order_due_in_ms: 500 }

describe("a card payment's order, once its wait is over", () => {
  it("is made by Medusa's process-payment workflow when the storefront never completed the cart", async () => {
    const { container, runs } = medusa(false)
    expect(await completeDueCardOrder(container, DUE)).toBe("completed")
    expect(runs).toEqual([
      {
        id: "process-payment-workflow",
        input: {
          action: "authorized",
          data: { session_id: "payses_1", amount: "15.00" },
        },
      },
    ])
  })

  it("is left alone when the storefront made it", async () => {
    const { container, runs } = medusa(true)
    expect(await completeDueCardOrder(container, DUE)).toBe("ordered")
    expect(runs).toEqual([])
  })

  it("ignores an event that is not one of its checks, or a session gone since", async () => {
    const gone = medusa(false, false)
    expect(await completeDueCardOrder(gone.container, DUE)).toBe("ignored")
    expect(gone.runs).toEqual([])
    const { container, runs } = medusa(false)
    for (const data of [null, {}, { ...DUE, session_id: "" }, "payses_1"])
      expect(await completeDueCardOrder(container, data)).toBe("ignored")
    expect(runs).toEqual([])
  })

  it("is due only for an authorisation with a wait", () => {
    expect(
      cardOrderDue({
        action: "authorized",
        data: { ...DUE, order_no: "M" },
      } as never)
    ).toEqual(DUE)
    for (const verdict of [
      {
        action: "authorized",
        data: { session_id: "payses_1", amount: "15.00" },
      },
      { action: "captured", data: DUE },
      { action: "authorized", data: { ...DUE, order_due_in_ms: 0 } },
    ])
      expect(cardOrderDue(verdict as never)).toBeUndefined()
  })
})
