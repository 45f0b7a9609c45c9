/**
 * Run once when the app starts: each configuration fault that would refuse
 * card payments is logged as one line with its fix, before any shopper
 * meets it (the same line is not repeated when one does).
 */
import type { StartUpDeps } from "../modules/acquiring/start-up-tasks"
import { thrownMessage } from "../journal/errors"
import { configurationFaults } from "./configuration-faults"
import {
  PaymentsUnavailableError,
  reportUnavailable,
} from "./payments-unavailable"

export async function checkConfigurationAtStartUp({
  configModule,
  logger,
}: StartUpDeps): Promise<void> {
  try {
    for (const fault of await configurationFaults(configModule, logger))
      reportUnavailable(logger, new PaymentsUnavailableError(fault.reason))
  } catch (error) {
    // e.g. the plugin's tables are not migrated yet
    logger.warn(
      `[acquiring] the start-up check of the acquiring settings could not run (${thrownMessage(error)}); run npx medusa db:migrate if the plugin was just installed`
    )
  }
}
