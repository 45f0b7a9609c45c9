import { gatewayFromOptions } from "./client-adapter"
import {
  createLog,
  type AcquiringIdentifier,
  type CoreContext,
  type PluginLogger,
} from "./core-context"
import type { GatewayPort } from "./gateway-port"
import type { AcquiringOptions } from "./options"

export function createCoreContext(input: {
  options: AcquiringOptions
  identifier: AcquiringIdentifier
  provider_id: string
  logger?: PluginLogger
  gateway?: GatewayPort
}): CoreContext {
  return {
    options: input.options,
    identifier: input.identifier,
    provider_id: input.provider_id,
    gateway: input.gateway ?? gatewayFromOptions(input.options, input.logger),
    log: createLog(input.logger),
  }
}
