import { MedusaError } from "@medusajs/framework/utils"
import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import type { SessionData } from "../payment-sessions/session-data"
import { refundPayment } from "../refunds/refunds"

const ORDER_NO = "MEDcccccccccccccccccccccccc"

const captured: SessionData = {
  session_id: "payses_1",
  order_no: ORDER_NO,
  transaction_id: "T1",
  status: "captured",
  amount: "20.00",
  currency: "EUR",
  attempts: [
    {
      order_no: ORDER_NO,
      kind: "authorise",
      state: "captured",
      at: "2026-11-24T10:00:00Z",
      transaction_id: "T1",
    },
  ],
}

describe("a refund of a payment with an open chargeback", () => {
  it("is refused before anything is sent, saying which chargeback and until when", async () => {
    const { gateway, calls } = scriptedGateway({
      refund: async (entry) =>
        ({ ...entry, ok: true, refund_reference_id: "T1-01" }) as never,
      retrieveRefunds: async () => [],
    })
    const core = testCore(gateway)
    const asked: string[][] = []
    core.disputes = {
      open: async (orderNos) => {
        asked.push(orderNos)
        return [
          {
            reference: "CB7",
            amount: "15.00",
            currency: "EUR",
            reason_code: "4837",
            reason_text: "No cardholder authorisation",
            respond_by: new Date("2026-12-10T23:59:59Z"),
          },
        ]
      },
    }
    const error = await refundPayment(core, captured, {
      amount: "5.00",
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect((error as MedusaError).type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect((error as Error).message).toContain(
      "open chargeback: CB7 of 15.00 EUR (reason 4837 No cardholder authorisation), respond by 2026-12-10"
    )
    expect((error as Error).message).toContain("nothing was refunded")
    expect(asked).toEqual([[ORDER_NO]])
    expect(calls.filter((c) => c.method === "refund")).toEqual([])
    expect(await core.journal.list({ kind: "refund" })).toEqual([])
  })

  it("is sent when no chargeback is open", async () => {
    const { gateway, calls } = scriptedGateway({
      refund: async (entry) =>
        ({ ...entry, ok: true, refund_reference_id: "T1-01" }) as never,
      retrieveRefunds: async () => [],
    })
    const data = await refundPayment(testCore(gateway), captured, {
      amount: "5.00",
    })
    expect(data.refunds).toEqual([
      expect.objectContaining({ refund_reference_id: "T1-01", amount: "5.00" }),
    ])
    expect(calls.filter((c) => c.method === "refund")).toHaveLength(1)
  })
})
