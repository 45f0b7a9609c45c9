import type { MedusaContainer } from "@medusajs/framework/types"
import { runAuthorisationLapsing } from "../authorization-lapses/authorization-lapses"
import authorisationsLapsingJob, { config } from "./authorizations-lapsing"

jest.mock("../authorization-lapses/authorization-lapses", () => ({
  runAuthorisationLapsing: jest.fn(async () => ({
    noticed: [],
    cancelled: [],
    still_held: [],
  })),
}))

describe("the authorisations-lapsing job", () => {
  it("runs the lapse work with the container", async () => {
    const container = {} as MedusaContainer
    await authorisationsLapsingJob(container)
    expect(runAuthorisationLapsing).toHaveBeenCalledWith(container)
  })

  it("runs once a day", () => {
    expect(config).toEqual({
      name: "authorisations-lapsing",
      schedule: "0 6 * * *",
    })
  })
})
