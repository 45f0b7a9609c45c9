import type { MedusaContainer } from "@medusajs/framework/types"
import { runPaymentAlerts } from "../payments-overview/alerts"
import paymentAlertsJob, { config } from "./payment-alerts"

jest.mock("../payments-overview/alerts", () => ({
  runPaymentAlerts: jest.fn(async () => []),
}))

describe("the acquiring-payment-alerts job", () => {
  it("runs the alerts with the container", async () => {
    const container = {} as MedusaContainer
    await paymentAlertsJob(container)
    expect(runPaymentAlerts).toHaveBeenCalledWith(container)
  })

  it("runs every hour, a few minutes past it", () => {
    expect(config).toEqual({
      name: "acquiring-payment-alerts",
      schedule: "7 * * * *",
    })
  })
})
