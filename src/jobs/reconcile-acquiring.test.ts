import type { MedusaContainer } from "@medusajs/framework/types"
import { registerAcquiringModule } from "../modules/acquiring/module-access"
import type AcquiringModuleService from "../modules/acquiring/service"
import { reconcileAcquiring } from "../reconciliation/run"
import { watchChargebacks } from "../reconciliation/chargeback-watch"
import { catchUpDeferredWork } from "../reconciliation/catch-up"
import reconcileAcquiringJob, { config } from "./reconcile-acquiring"

jest.mock("../reconciliation/run", () => ({
  reconcileAcquiring: jest.fn(async () => undefined),
}))
jest.mock("../reconciliation/chargeback-watch", () => ({
  watchChargebacks: jest.fn(async () => 0),
}))
jest.mock("../reconciliation/catch-up", () => ({
  catchUpDeferredWork: jest.fn(async () => undefined),
}))

describe("the reconcile job", () => {
  it("catches up on deferred work, reconciles, watches older payments for chargebacks, then deletes the shopper data of sessions never created", async () => {
    const steps: string[] = []
    ;(catchUpDeferredWork as jest.Mock).mockImplementation(async () => {
      steps.push("catch up")
    })
    ;(reconcileAcquiring as jest.Mock).mockImplementation(async () => {
      steps.push("reconcile")
    })
    ;(watchChargebacks as jest.Mock).mockImplementation(async () => {
      steps.push("watch")
      return 0
    })
    registerAcquiringModule({
      purgeStaleIntakes: async () => {
        steps.push("purge")
        return 0
      },
    } as unknown as AcquiringModuleService)
    const container = {} as MedusaContainer
    await reconcileAcquiringJob(container)
    expect(catchUpDeferredWork).toHaveBeenCalledWith(container, "reconcile job")
    expect(reconcileAcquiring).toHaveBeenCalledWith(container)
    expect(steps).toEqual(["catch up", "reconcile", "watch", "purge"])
  })

  it("runs every 15 minutes", () => {
    expect(config).toEqual({
      name: "reconcile-acquiring",
      schedule: "*/15 * * * *",
    })
  })
})
