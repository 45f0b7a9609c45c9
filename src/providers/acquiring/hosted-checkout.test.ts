import { GatewayRefusedError } from "../../gateway/errors"
import { startCheckout } from "./hosted-checkout"
import type { AcquiringSessionData } from "./session-data"
import { scriptedGateway, testContext } from "./test-gateway"

const SESSION = "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N"
const ORDER = "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N"
const fresh: AcquiringSessionData = {
  session_id: SESSION,
  order_no: ORDER,
  status: "pending",
  amount: "15.00",
  currency: "USD",
}
const HTML =
  '<html><body><form name="theForm" action="https://pay.example/checkout"></form></body></html>'

describe("startCheckout", () => {
  it("passes the service's page through unchanged, with return and cancel URLs on the order", async () => {
    const { gateway, calls } = scriptedGateway({
      checkout: async () => ({ html: HTML }),
    })
    const { html, data } = await startCheckout(
      testContext(gateway, {}),
      fresh,
      { amount: "15", currency: "usd" }
    )
    expect(html).toBe(HTML)
    const order = calls[0].args[0] as Record<string, unknown>
    expect(order).toMatchObject({
      order_no: ORDER,
      amount: "15.00",
      currency: "USD",
      return_url: `https://api.shop.example/acquiring/return/${SESSION}`,
      cancel_url: `https://api.shop.example/acquiring/cancel/${SESSION}`,
    })
    expect(order).not.toHaveProperty("card")
    expect(data).toMatchObject({ status: "pending", order_no: ORDER })
  })

  it("voids an earlier unpaid page for this attempt (a reload) and moves to the next order number", async () => {
    let round = 0
    const { gateway, calls } = scriptedGateway({
      checkout: async () => {
        if (round++ === 0)
          throw new GatewayRefusedError(
            "checkout",
            "I0061",
            "duplicate order_no"
          )
        return { html: HTML }
      },
      retrieveTransactions: async () => [
        {
          order_no: ORDER,
          transaction_id: "T1",
          payment_status: "2100",
          query_result: "1",
        },
      ],
      cancel: async () => [{ transaction_id: "T1", ok: true }],
    })
    const { data } = await startCheckout(testContext(gateway), fresh, {
      amount: "15",
      currency: "USD",
    })
    expect(calls.map((c) => c.method)).toEqual([
      "checkout",
      "retrieveTransactions",
      "cancel",
      "checkout",
    ])
    expect(calls[2].args[0]).toEqual([
      {
        transaction_id: "T1",
        order_no: ORDER,
        currency: "USD",
        amount: "15.00",
      },
    ])
    expect((calls[3].args[0] as { order_no: string }).order_no).toBe(
      `${ORDER}-2`
    )
    expect(data.order_no).toBe(`${ORDER}-2`)
    // the voided page's transaction is not the new attempt's
    expect(data.transaction_id).toBeUndefined()
  })

  it("refuses a session that is already paid", async () => {
    const { gateway, calls } = scriptedGateway({})
    await expect(
      startCheckout(
        testContext(gateway),
        { ...fresh, status: "authorized", transaction_id: "T1" },
        { amount: "15", currency: "USD" }
      )
    ).rejects.toThrow("The payment session is already paid")
    expect(calls).toHaveLength(0)
  })
})
