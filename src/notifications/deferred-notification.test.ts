import { PaymentsUnavailableError } from "../accounts/payments-unavailable"
import {
  NotificationDeferredError,
  unverifiedNotification,
} from "./deferred-notification"

const PROVIDER = "pp_acquiring-hosted_acquiring"

describe("a notification this instance cannot verify", () => {
  it("fails, for Medusa's retries and the reconcile job, when the fault is this instance's configuration", () => {
    const lines: string[] = []
    const logger = { error: (m: string) => lines.push(m) }
    const fault = new PaymentsUnavailableError(
      'Acquiring account "Main": Set ACQUIRING_SETTINGS_KEY in the backend\'s environment.'
    )
    const act = () => unverifiedNotification(PROVIDER, fault, logger)
    expect(act).toThrow(NotificationDeferredError)
    expect(act).toThrow(/cannot be verified on this instance/)
    expect(act).toThrow(/ACQUIRING_SETTINGS_KEY/)
    expect(act).toThrow(/reconcile job/)
    // the operator's line is logged once per process, however many notifications meet it
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/ACQUIRING_SETTINGS_KEY/)
  })

  it("is still not_supported when the failure is anything else", () => {
    const logger = { error: jest.fn() }
    expect(unverifiedNotification(PROVIDER, new Error("boom"), logger)).toEqual(
      { action: "not_supported" }
    )
    expect(logger.error).not.toHaveBeenCalled()
  })
})
