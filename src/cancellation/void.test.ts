import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import {
  authorizedPayment,
  lostAnswer as lost,
} from "../accounts/__fixtures__/payment-records"
import { voidPayment } from "./void"

describe("void", () => {
  it("a void whose outcome is unknown marks the payment void_pending instead of failing the cancellation", async () => {
    const { gateway } = scriptedGateway({
      cancel: async () => {
        throw lost()
      },
      retrieveTransactions: async () => {
        throw lost()
      },
    })
    const core = testCore(gateway)
    const data = await voidPayment(core, authorizedPayment)
    expect(data.void_pending).toBe(true)
    expect(core.journal.operations[0]).toMatchObject({
      kind: "void",
      state: "unknown",
    })
  })
})
