import { SignatureMismatchError } from "../../gateway/errors"
import type { GatewayResult } from "./gateway-port"
import { notificationFields, webhookAction } from "./notification"
import { scriptedGateway, testContext } from "./test-gateway"

const ORDER = "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N"

/** paymentStatus: what the status query answers for the order (2000 authorised unless a test says otherwise). */
function verifiedAs(over: Partial<GatewayResult>, paymentStatus = "2000") {
  return scriptedGateway({
    verifyNotification: (fields) => ({
      order_no: String(fields.order_no),
      amount: "15.00",
      currency: "USD",
      transaction_id: "T1",
      order_status: "1",
      notify_type: "PAYMENT",
      result: { code: "0000", text: "Success" },
      ...over,
    }),
    retrieveTransactions: async () => [
      {
        order_no: ORDER,
        transaction_id: "T1",
        payment_status: paymentStatus,
        query_result: "1",
      },
    ],
  })
}

describe("webhookAction (mapping, with the client's verification stubbed)", () => {
  const payload = { data: { order_no: ORDER, encryption_data: "x" } }
  const action = async (over: Partial<GatewayResult>, paymentStatus?: string) =>
    (
      await webhookAction(
        testContext(verifiedAs(over, paymentStatus).gateway),
        payload
      )
    ).action

  it("maps an authorised payment to the session without a status query (Medusa's authorizePayment confirms it)", async () => {
    const { gateway, calls } = verifiedAs({})
    expect(await webhookAction(testContext(gateway), payload)).toEqual({
      action: "authorized",
      data: {
        session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
        amount: "15.00",
        order_no: ORDER,
        notify_type: "PAYMENT",
        result: { code: "0000", text: "Success" },
      },
    })
    expect(calls.map((c) => c.method)).toEqual(["verifyNotification"])
  })

  it("maps failures, captures, cancellations and review outcomes the status query confirms", async () => {
    expect(
      await action(
        { order_status: "0", result: { code: "E0008", text: "declined" } },
        "1000"
      )
    ).toBe("failed")
    expect(await action({ notify_type: "CAPTURE" }, "3000")).toBe("captured")
    expect(
      await action({ notify_type: "CANCEL", order_status: "0" }, "1100")
    ).toBe("canceled")
    expect(
      await action({ notify_type: "REVIEW", order_status: "0" }, "1100")
    ).toBe("canceled")
    expect(await action({ notify_type: "REVIEW", order_status: "1" })).toBe(
      "authorized"
    )
    expect(await action({ notify_type: "REFUND" })).toBe("not_supported")
    expect(await action({ order_status: "-1" })).toBe("pending")
    expect(await action({ order_status: "7" })).toBe("pending")
  })

  it("ignores a capture, cancel or failure the status query does not confirm (notify_type is not signed)", async () => {
    // a signed authorised result replayed as CANCEL or CAPTURE while the payment is only authorised
    expect(await action({ notify_type: "CANCEL" }, "2000")).toBe(
      "not_supported"
    )
    expect(await action({ notify_type: "CAPTURE" }, "2000")).toBe(
      "not_supported"
    )
    expect(
      await action(
        { order_status: "0", result: { code: "E0008", text: "declined" } },
        "2100"
      )
    ).toBe("not_supported")
    const unavailable = scriptedGateway({
      verifyNotification: verifiedAs({ notify_type: "CANCEL" }).gateway
        .verifyNotification,
      retrieveTransactions: async () => {
        throw new Error("query unavailable")
      },
    })
    expect(
      (await webhookAction(testContext(unavailable.gateway), payload)).action
    ).toBe("not_supported")
  })

  it("ignores a notification that fails verification or is not ours", async () => {
    const { gateway } = scriptedGateway({
      verifyNotification: () => {
        throw new SignatureMismatchError("result")
      },
    })
    expect(await webhookAction(testContext(gateway), payload)).toEqual({
      action: "not_supported",
    })
    expect(
      await webhookAction(
        testContext(verifiedAs({ order_no: "OTHER-1" }).gateway),
        { data: { order_no: "OTHER-1" } }
      )
    ).toEqual({
      action: "not_supported",
    })
    expect(
      await webhookAction(testContext(verifiedAs({}).gateway), {})
    ).toEqual({ action: "not_supported" })
  })

  it("reads the raw form body when the parsed body is empty", () => {
    expect(
      notificationFields({
        data: {},
        rawData: Buffer.from("order_no=A%2BB&amount=1.00"),
      })
    ).toEqual({ order_no: "A+B", amount: "1.00" })
  })
})
