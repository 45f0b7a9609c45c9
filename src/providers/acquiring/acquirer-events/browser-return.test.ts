import { createHash } from "node:crypto"
import { confirmBrowserReturn } from "./browser-return"
import { gatewayFromOptions } from "./client-adapter"
import type { GatewayPort } from "./gateway-port"
import { parseAcquiringOptions } from "./options"
import type { AcquiringSessionData } from "./session-data"
import { scriptedGateway, TEST_OPTIONS, testContext } from "./test-gateway"

const ORDER = "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N"
const stored: AcquiringSessionData = {
  session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
  order_no: ORDER,
  transaction_id: "T1",
  status: "requires_more",
  amount: "15.00",
  currency: "USD",
}

/** The real client's verification with a scripted status query. */
function gatewayWithQuery(payment_status: string): GatewayPort {
  const real = gatewayFromOptions(parseAcquiringOptions(TEST_OPTIONS))
  const { gateway } = scriptedGateway({
    retrieveTransactions: async () => [
      {
        order_no: ORDER,
        transaction_id: "T1",
        payment_status,
        query_result: "1",
      },
    ],
  })
  return { ...gateway, verifyResult: real.verifyResult }
}

function signed(order_status: string, result_info: string) {
  const fields = {
    merchant_id: "M100",
    account_id: "A200",
    transaction_id: "T1",
    order_no: ORDER,
    currency: "USD",
    amount: "15.00",
    order_status,
    result_info,
  }
  const values =
    [
      fields.merchant_id,
      fields.account_id,
      "T1",
      ORDER,
      "USD",
      "15.00",
      order_status,
      result_info,
    ].join("") + TEST_OPTIONS.sign_key
  return {
    ...fields,
    threeds_result: "FAILED",
    encryption_data: createHash("sha256")
      .update(values.replace(/ /g, ""))
      .digest("hex"),
  }
}

describe("confirmBrowserReturn", () => {
  it("takes the outcome from the status query and the signed result's code where they agree", async () => {
    const data = await confirmBrowserReturn(
      testContext(gatewayWithQuery("1000")),
      stored,
      signed("0", "E0010:3-D Secure authentication failed")
    )
    expect(data).toMatchObject({
      status: "error",
      result: { code: "E0010", text: "3-D Secure authentication failed" },
      three_ds: { result: "FAILED" },
    })
  })

  it("ignores a forged success: the query says the payment is still open", async () => {
    const forged = {
      ...signed("1", "0000:Success"),
      encryption_data: "ab".repeat(32),
    }
    const data = await confirmBrowserReturn(
      testContext(gatewayWithQuery("2100")),
      stored,
      forged
    )
    expect(data.status).toBe("requires_more")
    expect(data.result).toBeUndefined()
  })

  it("does not let a signed result contradict the query", async () => {
    const data = await confirmBrowserReturn(
      testContext(gatewayWithQuery("2000")),
      stored,
      signed("0", "E0008:Declined")
    )
    expect(data.status).toBe("authorized")
    expect(data.result).toBeUndefined()
  })
})
