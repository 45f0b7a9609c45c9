import { PaymentsUnavailableError } from "../accounts/payments-unavailable"
import {
  NotificationDeferredError,
  unverifiedNotification,
} from "./deferred-notification"

const PROVIDER = "pp_acquiring-hosted_acquiring"

describe("a notification this instance cannot verify", () => {
  it("fails and keeps its payment for the catch-up, when the fault is this instance's configuration", async () => {
    const lines: string[] = []
    const logger = { error: (m: string) => lines.push(m) }
    const kept: [string, string][] = []
    const keep = async (providerId: string, orderNo: string) => {
      kept.push([providerId, orderNo])
    }
    const fault = new PaymentsUnavailableError(
      'Acquiring account "Main": Set ACQUIRING_SETTINGS_KEY in the backend\'s environment.'
    )
    const act = () =>
      unverifiedNotification(PROVIDER, fault, logger, "MED0001", keep)
    await expect(act()).rejects.toThrow(NotificationDeferredError)
    await expect(act()).rejects.toThrow(/cannot be verified on this instance/)
    await expect(act()).rejects.toThrow(/ACQUIRING_SETTINGS_KEY/)
    await expect(act()).rejects.toThrow(/catches up at once/)
    expect(kept).toEqual(Array(4).fill([PROVIDER, "MED0001"]))
    // the operator's line is logged once per process, however many notifications meet it
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/ACQUIRING_SETTINGS_KEY/)
  })

  it("still fails when its payment cannot be kept: Medusa's retries and the job remain", async () => {
    const warnings: string[] = []
    const logger = { error: jest.fn(), warn: (m: string) => warnings.push(m) }
    const fault = new PaymentsUnavailableError("Set ACQUIRING_SETTINGS_KEY.")
    await expect(
      unverifiedNotification(PROVIDER, fault, logger, "MED0002", async () => {
        throw new Error("database gone")
      })
    ).rejects.toThrow(NotificationDeferredError)
    expect(warnings).toEqual([
      expect.stringMatching(/could not be kept .*database gone/),
    ])
  })

  it("is still not_supported when the failure is anything else, and keeps nothing", async () => {
    const logger = { error: jest.fn() }
    const keep = jest.fn()
    await expect(
      unverifiedNotification(PROVIDER, new Error("boom"), logger, "MED3", keep)
    ).resolves.toEqual({ action: "not_supported" })
    expect(logger.error).not.toHaveBeenCalled()
    expect(keep).not.toHaveBeenCalled()
  })
})
