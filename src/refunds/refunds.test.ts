import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import {
  capturedPayment,
  lostAnswer as lost,
} from "../accounts/__fixtures__/payment-records"
import { OutcomePendingError } from "../journal/errors"
import { refundPayment } from "./refunds"

describe("refunds", () => {
  it("refuses a new refund while an earlier one is unsettled, then records what the acquirer made without sending again", async () => {
    let refundCalls = 0
    let listed: unknown[] = []
    const { gateway } = scriptedGateway({
      refund: async () => {
        refundCalls += 1
        throw lost("refund")
      },
      retrieveRefunds: async () => listed as never,
    })
    const core = testCore(gateway)
    await expect(
      refundPayment(core, capturedPayment, { amount: "5", reference: "ref_1" })
    ).rejects.toBeInstanceOf(OutcomePendingError)
    expect(core.journal.operations[0]).toMatchObject({
      kind: "refund",
      state: "unknown",
      amount: "5.00",
      reference: "ref_1",
    })

    await expect(
      refundPayment(core, capturedPayment, { amount: "5", reference: "ref_2" })
    ).rejects.toThrow(
      /earlier refund of this payment \(5.00 USD\) is still being confirmed/
    )
    expect(refundCalls).toBe(1)

    // the acquirer did make it: the refund search finds it by Medusa's refund id
    listed = [
      {
        order_no: capturedPayment.order_no,
        refund_amount: "5.00",
        refund_reference_id: "T1-01",
        refund_reason: "Medusa refund ref_1",
        refund_status: "1",
      },
    ]
    // the merchant asks again: told the earlier refund was made, nothing sent
    await expect(
      refundPayment(core, capturedPayment, { amount: "5", reference: "ref_3" })
    ).rejects.toThrow(/has now been confirmed as made at the acquirer/)
    expect(refundCalls).toBe(1)
    expect(core.journal.operations[0].state).toBe("done")
    // Medusa's refund workflow run by the reconcile job records it, without sending one
    const recorded = await refundPayment(core, capturedPayment, {
      amount: "5",
      reference: "ref_4",
    })
    expect(refundCalls).toBe(1)
    expect(recorded.refunds).toEqual([
      {
        refund_reference_id: "T1-01",
        amount: "5.00",
        idempotency_key: "ref_4",
      },
    ])
    expect(core.journal.operations[0].state).toBe("recorded")
  })

  it("converts Medusa's BigNumber exactly and rounds once, half-up, to the currency's digits", async () => {
    const sent: string[] = []
    const { gateway } = scriptedGateway({
      refund: async (entry) => {
        sent.push(entry.refund_amount)
        return { ...entry, ok: true, refund_reference_id: "T1-01" } as never
      },
      retrieveRefunds: async () => [],
    })
    await refundPayment(testCore(gateway), capturedPayment, {
      amount: { value: "5.005", precision: 20 } as never,
      reference: "r1",
    })
    await refundPayment(
      testCore(gateway),
      { ...capturedPayment, amount: "1.250", currency: "KWD" },
      { amount: "0.3335", reference: "r2" }
    )
    expect(sent).toEqual(["5.01", "0.334"])
  })

  it("searches refunds only while stored data may be stale: never around answered refunds, once after a lost answer", async () => {
    let lose = false
    const { gateway, calls } = scriptedGateway({
      refund: async (entry) => {
        if (lose) throw lost()
        return { ...entry, ok: true, refund_reference_id: "T1-01" } as never
      },
      retrieveRefunds: async () => [],
    })
    const core = testCore(gateway)
    await refundPayment(core, capturedPayment, {
      amount: "5.00",
      reference: "r1",
    })
    await refundPayment(core, capturedPayment, {
      amount: "2.00",
      reference: "r2",
    })
    expect(calls.map((c) => c.method)).toEqual(["refund", "refund"])

    // the answer is lost: the journal now holds an unsettled refund, so the stored data may be stale
    lose = true
    await expect(
      refundPayment(core, capturedPayment, { amount: "1.00", reference: "r3" })
    ).rejects.toThrow(/outcome is being confirmed/)
    expect(calls.slice(2).map((c) => c.method)).toEqual([
      "refund",
      "retrieveRefunds",
    ])
    await expect(
      refundPayment(core, capturedPayment, { amount: "1.00", reference: "r4" })
    ).rejects.toThrow(/still being confirmed/)
    expect(calls.slice(4).map((c) => c.method)).toEqual(["retrieveRefunds"])
  })
})
