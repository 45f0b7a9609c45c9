import { SignatureMismatchError } from "../../gateway/errors"
import type { GatewayResult } from "./gateway-port"
import { notificationFields, webhookAction } from "./notification"
import { scriptedGateway, testContext } from "./test-gateway"

const ORDER = "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N"

function verifiedAs(over: Partial<GatewayResult>) {
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
  }).gateway
}

describe("webhookAction (mapping, with the client's verification stubbed)", () => {
  const payload = { data: { order_no: ORDER, encryption_data: "x" } }

  it("maps an authorised payment to the session", () => {
    expect(webhookAction(testContext(verifiedAs({})), payload)).toEqual({
      action: "authorized",
      data: {
        session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
        amount: "15.00",
        order_no: ORDER,
        notify_type: "PAYMENT",
        result: { code: "0000", text: "Success" },
      },
    })
  })

  it("maps failures, captures, cancellations and review outcomes", () => {
    const action = (over: Partial<GatewayResult>) => webhookAction(testContext(verifiedAs(over)), payload).action
    expect(action({ order_status: "0", result: { code: "E0008", text: "declined" } })).toBe("failed")
    expect(action({ notify_type: "CAPTURE" })).toBe("captured")
    expect(action({ notify_type: "CANCEL" })).toBe("canceled")
    expect(action({ notify_type: "REVIEW", order_status: "0" })).toBe("canceled")
    expect(action({ notify_type: "REVIEW", order_status: "1" })).toBe("authorized")
    expect(action({ notify_type: "REFUND" })).toBe("not_supported")
    expect(action({ order_status: "-1" })).toBe("pending")
    expect(action({ order_status: "7" })).toBe("pending")
  })

  it("ignores a notification that fails verification or is not ours", () => {
    const { gateway } = scriptedGateway({
      verifyNotification: () => {
        throw new SignatureMismatchError("result")
      },
    })
    expect(webhookAction(testContext(gateway), payload)).toEqual({ action: "not_supported" })
    expect(webhookAction(testContext(verifiedAs({ order_no: "OTHER-1" })), { data: { order_no: "OTHER-1" } })).toEqual({ action: "not_supported" })
    expect(webhookAction(testContext(verifiedAs({})), {})).toEqual({ action: "not_supported" })
  })

  it("reads the raw form body when the parsed body is empty", () => {
    expect(notificationFields({ data: {}, rawData: Buffer.from("order_no=A%2BB&amount=1.00") })).toEqual({ order_no: "A+B", amount: "1.00" })
  })
})
