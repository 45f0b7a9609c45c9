/**
 * The acquirer's human texts are masked as they are parsed: a card number
 * in a result text, a refusal, a chargeback reason or a name reaches the
 * plugin as first 6 / last 4, whatever message carried it. Identifiers
 * (transaction ids, references, order numbers) are kept exactly, even when
 * their digits pass Luhn.
 */
import { GatewayRefusedError } from "../errors"
import { parseResultInfo } from "../result-info"
import { refundResponseSchema } from "./refund"
import { captureResponseSchema } from "./capture"
import { queryResponseSchema } from "./query"
import { notificationSchema } from "./notification"
import { directResultSchema, directResultXmlSchema } from "./direct-result"
import { refundSearchResponseSchema } from "./refund-search"
import { optimizeResponseSchema } from "./optimize"
import { payoutResponseSchema } from "./payout"

// Amex and Visa test numbers, and how the rule writes them (first 6, last 4)
const AMEX = "371449635398431"
const AMEX_MASKED = "371449*****8431"
const VISA_SPACED = "4111 1111 1111 1111"
const VISA_MASKED = "411111******1111"
// a transaction id whose 19 digits pass Luhn: an identifier, kept
const TRANSACTION_ID = "2026112812000000006"

describe("texts from the acquirer, masked where they are parsed", () => {
  it("the identifier used here passes Luhn (so keeping it proves identifiers are exempt)", () => {
    const digits = [...TRANSACTION_ID].map(Number).reverse()
    const sum = digits.reduce(
      (total, d, i) => total + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d),
      0
    )
    expect(sum % 10).toBe(0)
  })

  it("a chargeback reason in a status query entry", () => {
    const answer = queryResponseSchema.parse({
      return_status: "1",
      orders_list: [
        {
          order_no: "ORD-1",
          transaction_id: TRANSACTION_ID,
          chargebacks: [
            {
              chargeback_reference: "CB-1",
              chargeback_amount: "5.00",
              chargeback_reason: `4837:card ${AMEX}`,
              chargeback_status: "OPEN",
            },
          ],
        },
      ],
      fraud_check_result: [{ check_items: `bin ${VISA_SPACED}`, status: "1" }],
    })
    const [entry] = answer.orders_list
    expect(entry.transaction_id).toBe(TRANSACTION_ID)
    expect(entry.chargebacks[0].chargeback_reason).toBe(
      `4837:card ${AMEX_MASKED}`
    )
    expect(answer.fraud_check_result[0].check_items).toBe(`bin ${VISA_MASKED}`)
  })

  it("a notification's result text and chargeback reason", () => {
    const notification = notificationSchema.parse({
      order_no: "ORD-1",
      transaction_id: TRANSACTION_ID,
      order_status: "0",
      result_info: `E0008:declined for ${AMEX}`,
      notify_type: "CHARGEBACK",
      chargeback_reason: `4837:${VISA_SPACED}`,
      note: `shopper wrote ${AMEX}`,
    })
    expect(notification.transaction_id).toBe(TRANSACTION_ID)
    expect(notification.result_info).toBe(`E0008:declined for ${AMEX_MASKED}`)
    expect(parseResultInfo(notification.result_info).text).toBe(
      `declined for ${AMEX_MASKED}`
    )
    expect(notification.chargeback_reason).toBe(`4837:${VISA_MASKED}`)
    expect(notification.note).toBe(`shopper wrote ${AMEX_MASKED}`)
  })

  it("a direct result, as a form body and as the XML parser hands it over", () => {
    const fields = {
      order_no: "ORD-1",
      transaction_id: TRANSACTION_ID,
      order_status: "0",
      result_info: `E0008:${AMEX}`,
      threeds_result: `failed ${AMEX}`,
      risk_reasons: [{ name: `velocity ${AMEX}`, status: "REJECT" }],
    }
    for (const schema of [directResultSchema, directResultXmlSchema]) {
      const result = schema.parse(fields)
      expect(result).toMatchObject({
        transaction_id: TRANSACTION_ID,
        result_info: `E0008:${AMEX_MASKED}`,
        threeds_result: `failed ${AMEX_MASKED}`,
        risk_reasons: [{ name: `velocity ${AMEX_MASKED}`, status: "REJECT" }],
      })
    }
  })

  it("batch answers: a refusal, an entry's error, a refund's message and reason", () => {
    const capture = captureResponseSchema.parse({
      return_status: "0",
      return_message: `E0001:bad ${AMEX}`,
      capture_orders: [
        {
          transaction_id: TRANSACTION_ID,
          error_message: `E0004:${AMEX}`,
        },
      ],
    })
    expect(capture.return_message).toBe(`E0001:bad ${AMEX_MASKED}`)
    expect(capture.capture_orders[0]).toMatchObject({
      transaction_id: TRANSACTION_ID,
      error_message: `E0004:${AMEX_MASKED}`,
    })
    const refund = refundResponseSchema.parse({
      return_status: "1",
      refund_orders: [
        {
          transaction_id: TRANSACTION_ID,
          refund_reference_id: `${TRANSACTION_ID}-01`,
          refund_reason: `customer ${AMEX}`,
          refund_message: `0000:ok ${AMEX}`,
        },
      ],
    })
    expect(refund.refund_orders[0]).toMatchObject({
      transaction_id: TRANSACTION_ID,
      refund_reference_id: `${TRANSACTION_ID}-01`,
      refund_reason: `customer ${AMEX_MASKED}`,
      refund_message: `0000:ok ${AMEX_MASKED}`,
    })
    const search = refundSearchResponseSchema.parse({
      return_status: "1",
      refund_orders: [{ refund_reason: `${AMEX}` }],
    })
    expect(search.refund_orders[0].refund_reason).toBe(AMEX_MASKED)
  })

  it("a payment method's display name and a payout's reasons and names", () => {
    const optimize = optimizeResponseSchema.parse({
      return_status: "1",
      payment_methods: [{ payment_method: "CARD", display_name: AMEX }],
    })
    expect(optimize.payment_methods[0].display_name).toBe(AMEX_MASKED)
    const payout = payoutResponseSchema.parse({
      reason: `salary ${AMEX}`,
      failure_reason: `account ${AMEX}`,
      beneficiary: { first_name: `Ada ${AMEX}`, last_name: "Shopper" },
      payer: { company_name: `Shop ${VISA_SPACED}` },
      transaction_id: TRANSACTION_ID,
    })
    expect(payout).toMatchObject({
      reason: `salary ${AMEX_MASKED}`,
      failure_reason: `account ${AMEX_MASKED}`,
      beneficiary: { first_name: `Ada ${AMEX_MASKED}`, last_name: "Shopper" },
      payer: { company_name: `Shop ${VISA_MASKED}` },
      transaction_id: TRANSACTION_ID,
    })
  })

  it("a refusal built from an unparsed answer is masked too", () => {
    const refused = new GatewayRefusedError("refund", `E0006:${AMEX} refused`)
    expect(refused.text).toBe(`${AMEX_MASKED} refused`)
    expect(refused.message).not.toContain(AMEX)
    const split = new GatewayRefusedError("capture", "E0004", `card ${AMEX}`)
    expect(split.text).toBe(`card ${AMEX_MASKED}`)
  })

  it("texts without a card number are kept exactly", () => {
    const kept = "E0008:Declined, call 0800 123 4567 (ref 4111111111111112)"
    expect(
      notificationSchema.parse({
        order_status: "0",
        notify_type: "PAYMENT",
        result_info: kept,
      }).result_info
    ).toBe(kept)
  })
})
