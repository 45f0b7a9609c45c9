import { TransportError } from "../../gateway/errors"
import { refund, refundAmountFor } from "./refunds"
import type { AcquiringSessionData } from "./session-data"
import { scriptedGateway, testContext } from "./test-gateway"

const captured: AcquiringSessionData = {
  session_id: "payses_01ABC",
  order_no: "MED01ABC",
  transaction_id: "T1",
  status: "captured",
  amount: "15.00",
  currency: "USD",
}

describe("refund amounts", () => {
  it("converts Medusa BigNumber JSON exactly and rounds once half-up", () => {
    expect(refundAmountFor(captured, { value: "5.005", precision: 20 })).toBe(
      "5.01"
    )
    expect(refundAmountFor(captured, { value: "0.1", precision: 20 })).toBe(
      "0.10"
    )
    expect(
      refundAmountFor({ ...captured, amount: "1500", currency: "JPY" }, "499.5")
    ).toBe("500")
    expect(
      refundAmountFor(
        { ...captured, amount: "1.250", currency: "KWD" },
        "0.3335"
      )
    ).toBe("0.334")
  })

  it("trims a one-minor-unit rounding overshoot to what is left", () => {
    const partly = {
      ...captured,
      refunds: [{ refund_reference_id: "T1-01", amount: "10.00" }],
    }
    expect(refundAmountFor(partly, "5.005")).toBe("5.00")
  })
})

describe("refund", () => {
  it("records several partial refunds on one payment", async () => {
    let n = 0
    const { gateway, calls: all } = scriptedGateway({
      refund: async () => [
        { transaction_id: "T1", ok: true, refund_reference_id: `T1-0${++n}` },
      ],
      retrieveRefunds: async () => [],
    })
    const refunds = () => all.filter((c) => c.method === "refund")
    const ctx = testContext(gateway)
    const first = await refund(
      ctx,
      captured,
      { value: "4", precision: 20 },
      "ref_1"
    )
    const second = await refund(ctx, first, "6.5", "ref_2")
    expect(second.refunds).toEqual([
      {
        refund_reference_id: "T1-01",
        amount: "4.00",
        idempotency_key: "ref_1",
      },
      {
        refund_reference_id: "T1-02",
        amount: "6.50",
        idempotency_key: "ref_2",
      },
    ])
    expect(refunds()[1].args[0]).toEqual([
      {
        transaction_id: "T1",
        order_no: "MED01ABC",
        currency: "USD",
        amount: "15.00",
        refund_amount: "6.50",
        refund_reason: "Medusa refund ref_2",
      },
    ])
    // the same Medusa refund again does not refund twice
    await refund(ctx, second, "6.5", "ref_2")
    expect(refunds()).toHaveLength(2)
  })

  it("adds refunds the acquirer made that the stored data lacks (two refunds at once each read the same data)", async () => {
    const { gateway } = scriptedGateway({
      refund: async () => [
        { transaction_id: "T1", ok: true, refund_reference_id: "T1-02" },
      ],
      retrieveRefunds: async () => [
        {
          order_no: "MED01ABC",
          transaction_id: "T1",
          refund_reference_id: "T1-01",
          refund_amount: "4.00",
          refund_reason: "Medusa refund ref_a",
          refund_status: "1",
        },
        {
          order_no: "MED01ABC",
          transaction_id: "T1",
          refund_reference_id: "T1-02",
          refund_amount: "3.00",
          refund_reason: "Medusa refund ref_b",
          refund_status: "1",
        },
        {
          order_no: "MED01ABC",
          transaction_id: "T1",
          refund_reference_id: "T1-03",
          refund_amount: "9.00",
          refund_status: "0",
        },
      ],
    })
    const data = await refund(testContext(gateway), captured, "3", "ref_b")
    expect(data.refunds).toEqual([
      {
        refund_reference_id: "T1-02",
        amount: "3.00",
        idempotency_key: "ref_b",
      },
      {
        refund_reference_id: "T1-01",
        amount: "4.00",
        idempotency_key: "ref_a",
      },
    ])
  })

  it("surfaces a refusal with the gateway's code and text", async () => {
    const { gateway } = scriptedGateway({
      refund: async () => [
        {
          transaction_id: "T1",
          ok: false,
          error: {
            code: "E0006",
            text: "refund exceeds the refundable amount",
          },
        },
      ],
    })
    await expect(
      refund(testContext(gateway), captured, "20", "ref_9")
    ).rejects.toThrow(
      "The acquirer refused the refund (E0006:refund exceeds the refundable amount)"
    )
  })

  it("refuses to refund a payment that is not captured", async () => {
    const { gateway } = scriptedGateway({})
    await expect(
      refund(testContext(gateway), { ...captured, status: "authorized" }, "1")
    ).rejects.toThrow(/not captured/)
  })

  describe("when the answer is lost after the request reached the acquirer", () => {
    const lost = () => {
      throw new TransportError("refund", "connection reset", {
        timed_out: false,
        may_have_reached_gateway: true,
      })
    }

    it("recognises the refund by its Medusa refund id in the refund search and records it once", async () => {
      const { gateway, calls } = scriptedGateway({
        refund: async () => lost(),
        retrieveRefunds: async () => [
          {
            order_no: "MED01ABC",
            refund_reason: "Medusa refund ref_7",
            refund_status: "1",
            refund_reference_id: "T1-01",
            refund_amount: "3.00",
          },
        ],
      })
      const data = await refund(testContext(gateway), captured, "3", "ref_7")
      expect(calls.map((c) => c.method)).toEqual(["refund", "retrieveRefunds"])
      expect(data.refunds).toEqual([
        {
          refund_reference_id: "T1-01",
          amount: "3.00",
          idempotency_key: "ref_7",
        },
      ])
    })

    it("does not take a refused refund for a made one, and does not promise that a retry is safe", async () => {
      const { gateway } = scriptedGateway({
        refund: async () => lost(),
        retrieveRefunds: async () => [
          {
            order_no: "MED01ABC",
            refund_reason: "Medusa refund ref_7",
            refund_status: "0",
            refund_reference_id: "",
            refund_amount: "3.00",
          },
        ],
      })
      const failure = refund(testContext(gateway), captured, "3", "ref_7")
      await expect(failure).rejects.toThrow(
        /may have been made\. Check the acquirer's refunds for this order before refunding again/
      )
      await expect(failure).rejects.not.toThrow(/retrying is safe/)
    })
  })
})
