import type { MedusaContainer } from "@medusajs/framework/types"
import { runAuthorizationLapsing } from "../authorization-lapses/authorization-lapses"
import authorizationsLapsingJob, { config } from "./authorizations-lapsing"

jest.mock("../authorization-lapses/authorization-lapses", () => ({
  runAuthorizationLapsing: jest.fn(async () => ({
    noticed: [],
    cancelled: [],
    still_held: [],
  })),
}))

describe("the authorizations-lapsing job", () => {
  it("runs the lapse work with the container", async () => {
    const container = {} as MedusaContainer
    await authorizationsLapsingJob(container)
    expect(runAuthorizationLapsing).toHaveBeenCalledWith(container)
  })

  it("runs once a day", () => {
    expect(config).toEqual({
      name: "authorizations-lapsing",
      schedule: "0 6 * * *",
    })
  })
})
