/**
 * Notifications through the real gateway client: signatures are computed
 * here with node:crypto from literal strings (the wire contract's result
 * recipe), independently of the client's signing code.
 */
import { createHash } from "node:crypto"
import { gatewayFromOptions } from "./client-adapter"
import { webhookAction } from "./notification"
import { parseAcquiringOptions } from "./options"
import { TEST_OPTIONS, testContext } from "./test-gateway"

const SIGN_KEY = TEST_OPTIONS.sign_key // "s1gn-Key"

function sign(values: string[]): string {
  return createHash("sha256")
    .update((values.join("") + SIGN_KEY).replace(/ /g, ""))
    .digest("hex")
}

const fields = {
  merchant_id: "M100",
  account_id: "A200",
  transaction_id: "T20261121000001",
  order_no: "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
  currency: "USD",
  amount: "15.00",
  order_status: "1",
  result_info: "0000:Success",
  notify_type: "PAYMENT",
}
const signature = sign([
  "M100",
  "A200",
  "T20261121000001",
  "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
  "USD",
  "15.00",
  "1",
  "0000:Success",
])

/** The real client's verification; the status query answers `paymentStatus` for the order. */
function ctx(paymentStatus = "2000") {
  const gateway = gatewayFromOptions(parseAcquiringOptions(TEST_OPTIONS))
  gateway.retrieveTransactions = async () => [
    {
      order_no: fields.order_no,
      transaction_id: fields.transaction_id,
      payment_status: paymentStatus,
      query_result: "1",
    },
  ]
  return testContext(gateway)
}

describe("notification signatures", () => {
  it("accepts a correctly signed notification, upper- or lower-case hex", async () => {
    for (const encryption_data of [signature, signature.toUpperCase()]) {
      const result = await webhookAction(ctx(), {
        data: { ...fields, encryption_data },
      })
      expect(result.action).toBe("authorized")
      expect(result.data?.session_id).toBe("payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N")
      expect(result.data?.amount).toBe("15.00")
    }
  })

  it("reads a form body from the raw bytes", async () => {
    const raw = Buffer.from(
      new URLSearchParams({ ...fields, encryption_data: signature }).toString()
    )
    expect(
      (await webhookAction(ctx(), { data: {}, rawData: raw })).action
    ).toBe("authorized")
  })

  it("refuses an altered amount", async () => {
    expect(
      await webhookAction(ctx(), {
        data: { ...fields, amount: "1.00", encryption_data: signature },
      })
    ).toEqual({ action: "not_supported" })
  })

  it("refuses a signature made with another key", async () => {
    const forged = createHash("sha256")
      .update(
        [
          "M100",
          "A200",
          "T20261121000001",
          "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
          "USD",
          "15.00",
          "1",
          "0000:Success",
          "guess",
        ].join("")
      )
      .digest("hex")
    expect(
      (
        await webhookAction(ctx(), {
          data: { ...fields, encryption_data: forged },
        })
      ).action
    ).toBe("not_supported")
  })

  it("refuses a notification without a signature", async () => {
    expect((await webhookAction(ctx(), { data: fields })).action).toBe(
      "not_supported"
    )
  })

  it("maps a signed failure the status query confirms to failed with the gateway's code", async () => {
    const failed = {
      ...fields,
      order_status: "0",
      result_info: "E0008:Declined by issuer",
    }
    const sig = sign([
      "M100",
      "A200",
      "T20261121000001",
      "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
      "USD",
      "15.00",
      "0",
      "E0008:Declined by issuer",
    ])
    const result = await webhookAction(ctx("1000"), {
      data: { ...failed, encryption_data: sig },
    })
    expect(result.action).toBe("failed")
    expect(result.data?.result).toEqual({
      code: "E0008",
      text: "Declined by issuer",
    })
  })

  it("does not let an unsigned notify_type turn a signed authorised result into a cancellation", async () => {
    const replayed = {
      ...fields,
      notify_type: "CANCEL",
      encryption_data: signature,
    }
    expect((await webhookAction(ctx("2000"), { data: replayed })).action).toBe(
      "not_supported"
    )
  })
})
