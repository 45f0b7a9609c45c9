import type { MedusaContainer } from "@medusajs/framework/types"
import { lapsedCaptureMessage } from "./lapsed-capture"
import { lapseOfPayment } from "../order-payments/payment-lapse"

jest.mock("../order-payments/payment-lapse", () => ({
  lapseOfPayment: jest.fn(),
}))

const container = {} as MedusaContainer
const detail = lapseOfPayment as jest.Mock

describe("the refusal of a capture after the authorisation lapsed", () => {
  it("says when it lapsed and what to do", async () => {
    detail.mockResolvedValueOnce({
      lapsed_at: "2026-11-30T10:00:00.000Z",
      authorisation_lifetime_days: 7,
    })
    await expect(lapsedCaptureMessage(container, "pay_1")).resolves.toBe(
      "The authorisation lapsed on 2026-11-30 (after 7 days): the acquirer has released the money; ask the customer to pay again"
    )
  })

  it("leaves other payments to Medusa", async () => {
    detail.mockResolvedValueOnce({
      lapsed_at: null,
      authorisation_lifetime_days: 7,
    })
    await expect(lapsedCaptureMessage(container, "pay_2")).resolves.toBeNull()
    detail.mockRejectedValueOnce(new Error("not an acquiring payment"))
    await expect(lapsedCaptureMessage(container, "pay_3")).resolves.toBeNull()
  })
})
