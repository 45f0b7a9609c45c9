import { releaseUnused } from "./release-unused"
import type { AcquiringSessionData } from "./session-data"
import { scriptedGateway, testContext } from "./test-gateway"

const ORDER = "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N"
const base: AcquiringSessionData = {
  session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
  order_no: ORDER,
  amount: "15.00",
  currency: "USD",
}
const entry = {
  transaction_id: "T1",
  order_no: ORDER,
  currency: "USD",
  amount: "15.00",
}

describe("releaseUnused (a deleted payment session)", () => {
  it("voids an authorisation", async () => {
    const { gateway, calls } = scriptedGateway({
      cancel: async () => [{ transaction_id: "T1", ok: true }],
    })
    const data = await releaseUnused(testContext(gateway), {
      ...base,
      status: "authorized",
      transaction_id: "T1",
    })
    expect(calls.map((c) => [c.method, c.args[0]])).toEqual([
      ["cancel", [entry]],
    ])
    expect(data.status).toBe("canceled")
  })

  it("refunds an auto-captured payment in full", async () => {
    const { gateway, calls } = scriptedGateway({
      refund: async () => [
        { transaction_id: "T1", ok: true, refund_reference_id: "T1-01" },
      ],
      retrieveRefunds: async () => [],
    })
    const data = await releaseUnused(
      testContext(gateway, { auto_capture: true }),
      { ...base, status: "captured", transaction_id: "T1" }
    )
    expect(
      calls.filter((c) => c.method === "refund").map((c) => c.args[0])
    ).toEqual([[{ ...entry, refund_amount: "15.00" }]])
    expect(data.refunds).toEqual([
      { refund_reference_id: "T1-01", amount: "15.00" },
    ])
  })

  it("finds an open hosted page by its order number and voids it", async () => {
    const { gateway, calls } = scriptedGateway({
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
    await releaseUnused(testContext(gateway), { ...base, status: "pending" })
    expect(calls.map((c) => c.method)).toEqual([
      "retrieveTransactions",
      "cancel",
    ])
    expect(calls[1].args[0]).toEqual([entry])
  })

  it("leaves a session the acquirer never saw, and one that failed, alone", async () => {
    const { gateway, calls } = scriptedGateway({
      retrieveTransactions: async () => [
        { order_no: ORDER, payment_status: "", query_result: "2" },
      ],
    })
    await releaseUnused(testContext(gateway), { ...base, status: "pending" })
    await releaseUnused(testContext(gateway), {
      ...base,
      status: "error",
      transaction_id: "T1",
    })
    expect(calls.map((c) => c.method)).toEqual(["retrieveTransactions"])
  })

  it("logs an error instead of throwing when the void is refused", async () => {
    const { gateway } = scriptedGateway({
      cancel: async () => [
        {
          transaction_id: "T1",
          ok: false,
          error: { code: "E0005", text: "not allowed" },
        },
      ],
      retrieveTransactions: async () => [
        {
          order_no: ORDER,
          transaction_id: "T1",
          payment_status: "2000",
          query_result: "1",
        },
      ],
    })
    const ctx = testContext(gateway)
    const stored = {
      ...base,
      status: "authorized" as const,
      transaction_id: "T1",
    }
    await expect(releaseUnused(ctx, stored)).resolves.toEqual(stored)
    expect(
      ctx.lines.some((line) =>
        line.startsWith(`error could not release ${ORDER}`)
      )
    ).toBe(true)
  })
})
