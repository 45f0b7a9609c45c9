import { MedusaError } from "@medusajs/framework/utils"
import { TransportError } from "../../gateway/errors"
import type { AcquiringSessionData } from "./session-data"
import { cancel, capture, review } from "./settlement"
import { scriptedGateway, testContext } from "./test-gateway"

const authorised: AcquiringSessionData = {
  session_id: "payses_01ABC",
  order_no: "MED01ABC",
  transaction_id: "T1",
  status: "authorized",
  order_status: "1",
  amount: "15.00",
  currency: "USD",
}
const entry = {
  transaction_id: "T1",
  order_no: "MED01ABC",
  currency: "USD",
  amount: "15.00",
}
const query = (payment_status: string) => async () => [
  {
    order_no: "MED01ABC",
    transaction_id: "T1",
    payment_status,
    query_result: "1",
  },
]

describe("capture", () => {
  it("captures the whole authorised amount once", async () => {
    const { gateway, calls } = scriptedGateway({
      capture: async () => [{ transaction_id: "T1", ok: true }],
    })
    const data = await capture(testContext(gateway), authorised)
    expect(calls[0].args[0]).toEqual([entry])
    expect(data.status).toBe("captured")
  })

  it("treats an already captured payment as success without calling the gateway", async () => {
    const { gateway, calls } = scriptedGateway({})
    expect(
      (
        await capture(testContext(gateway), {
          ...authorised,
          status: "captured",
        })
      ).status
    ).toBe("captured")
    expect(calls).toHaveLength(0)
  })

  it("treats a refused capture of a transaction the query shows as paid as success", async () => {
    const { gateway } = scriptedGateway({
      capture: async () => [
        {
          transaction_id: "T1",
          ok: false,
          error: { code: "E0005", text: "not allowed in state" },
        },
      ],
      retrieveTransactions: query("3000"),
    })
    expect((await capture(testContext(gateway), authorised)).status).toBe(
      "captured"
    )
  })

  it("reports a refusal with the gateway's code and text", async () => {
    const { gateway } = scriptedGateway({
      capture: async () => [
        {
          transaction_id: "T1",
          ok: false,
          error: { code: "E0004", text: "no such transaction" },
        },
      ],
      retrieveTransactions: query("2000"),
    })
    await expect(capture(testContext(gateway), authorised)).rejects.toThrow(
      "The acquirer refused the capture (E0004:no such transaction)"
    )
  })

  it("reconciles a time-out that may have reached the gateway", async () => {
    const { gateway } = scriptedGateway({
      capture: async () => {
        throw new TransportError("capture", "timed out", {
          timed_out: true,
          may_have_reached_gateway: true,
        })
      },
      retrieveTransactions: query("3000"),
    })
    expect((await capture(testContext(gateway), authorised)).status).toBe(
      "captured"
    )
  })

  it("waits for the review of a held payment", async () => {
    const { gateway } = scriptedGateway({ retrieveTransactions: query("2200") })
    await expect(
      capture(testContext(gateway), {
        ...authorised,
        order_status: "-2",
        risk: { action: "REVIEW" },
      })
    ).rejects.toThrow(/held for risk review/)
  })
})

describe("cancel", () => {
  it("voids an authorisation and is idempotent", async () => {
    const { gateway, calls } = scriptedGateway({
      cancel: async () => [{ transaction_id: "T1", ok: true }],
    })
    const ctx = testContext(gateway)
    const data = await cancel(ctx, authorised)
    expect(data.status).toBe("canceled")
    await cancel(ctx, data)
    expect(calls).toHaveLength(1)
  })

  it("voids a payment held for review by rejecting it", async () => {
    const { gateway, calls } = scriptedGateway({
      review: async () => [{ transaction_id: "T1", ok: true }],
    })
    const data = await cancel(testContext(gateway), {
      ...authorised,
      order_status: "-2",
      risk: { action: "REVIEW" },
    })
    expect(calls.map((c) => c.method)).toEqual(["review"])
    expect((calls[0].args[0] as { review_flag: string }[])[0].review_flag).toBe(
      "0"
    )
    expect(data.status).toBe("canceled")
  })

  it("refuses to cancel a captured payment", async () => {
    const { gateway } = scriptedGateway({})
    await expect(
      cancel(testContext(gateway), { ...authorised, status: "captured" })
    ).rejects.toBeInstanceOf(MedusaError)
  })
})

describe("review", () => {
  const held = {
    ...authorised,
    order_status: "-2",
    risk: { action: "REVIEW", score: "70" },
  }

  it("releases a held payment", async () => {
    const { gateway, calls } = scriptedGateway({
      review: async () => [{ transaction_id: "T1", ok: true }],
    })
    const data = await review(testContext(gateway), held, "release")
    expect(calls[0].args[0]).toEqual([{ ...entry, review_flag: "1" }])
    expect(data).toMatchObject({
      status: "authorized",
      order_status: "1",
      risk: { action: "ACCEPT", score: "70" },
    })
  })

  it("rejects a held payment", async () => {
    const { gateway, calls } = scriptedGateway({
      review: async () => [{ transaction_id: "T1", ok: true }],
    })
    const data = await review(testContext(gateway), held, "reject")
    expect((calls[0].args[0] as { review_flag: string }[])[0].review_flag).toBe(
      "0"
    )
    expect(data).toMatchObject({
      status: "canceled",
      risk: { action: "REJECT" },
    })
  })

  it("refuses a payment that is not held", async () => {
    const { gateway } = scriptedGateway({ retrieveTransactions: query("2000") })
    await expect(
      review(testContext(gateway), authorised, "release")
    ).rejects.toThrow("The payment is not held for risk review")
  })
})
