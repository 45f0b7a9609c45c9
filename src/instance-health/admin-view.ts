/**
 * The instances part of GET /admin/acquiring/settings: this instance's own
 * faults stay in `faults` as before; other live instances' faults (by role)
 * and the missing-worker warning come from the shared reports.
 */
import { instanceHealth, type InstanceHealth } from "./health"
import { ownState } from "./heartbeat"
import { readReports } from "./report-store"
import type { ConfigurationFault } from "../accounts/configuration-faults"
import { thrownMessage } from "../journal/errors"

export interface HealthAnswer extends InstanceHealth {
  /** this instance's own faults (the answer's `faults`) */
  faults: ConfigurationFault[]
}

export async function healthAnswer(
  configModule: unknown,
  logger: { warn(message: string): void }
): Promise<HealthAnswer> {
  const self = await ownState(configModule, logger)
  try {
    const { reports, now } = await readReports()
    return { faults: self.faults, ...instanceHealth(reports, self, now) }
  } catch (error) {
    // the reports are an addition: the settings page still answers without them
    logger.warn(
      `[acquiring] the other instances' health could not be read: ${thrownMessage(error)}`
    )
    return {
      faults: self.faults,
      ...instanceHealth([], self, self.started_at),
    }
  }
}
