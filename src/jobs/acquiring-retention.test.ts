import type { MedusaContainer } from "@medusajs/framework/types"
import { runRetention } from "../retention/retention"
import acquiringRetentionJob, { config } from "./acquiring-retention"

jest.mock("../retention/retention", () => ({
  runRetention: jest.fn(async () => ({})),
}))

describe("the acquiring-retention job", () => {
  it("runs the retention work with the container", async () => {
    const container = {} as MedusaContainer
    await acquiringRetentionJob(container)
    expect(runRetention).toHaveBeenCalledWith(container)
  })

  it("runs once a day, at night", () => {
    expect(config).toEqual({
      name: "acquiring-retention",
      schedule: "17 3 * * *",
    })
  })
})
