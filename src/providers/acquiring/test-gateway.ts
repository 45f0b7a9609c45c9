/**
 * A scripted GatewayPort for unit tests of the provider core: every call is
 * recorded (the card number included, to prove it reached the gateway and
 * nothing else) and answered from the script.
 */
import type { CoreContext } from "./core-context"
import type { GatewayPort } from "./gateway-port"
import { parseAcquiringOptions } from "./options"

export type Script = Partial<{ [K in keyof GatewayPort]: GatewayPort[K] }>

export interface RecordedCall {
  method: keyof GatewayPort
  args: unknown[]
}

export function scriptedGateway(script: Script): {
  gateway: GatewayPort
  calls: RecordedCall[]
} {
  const calls: RecordedCall[] = []
  const handler =
    (method: keyof GatewayPort) =>
    (...args: unknown[]) => {
      calls.push({ method, args })
      const fn = script[method] as ((...a: unknown[]) => unknown) | undefined
      if (!fn) throw new Error(`unexpected gateway call: ${method}`)
      return fn(...args)
    }
  const gateway = {
    authorise: handler("authorise"),
    checkout: handler("checkout"),
    capture: handler("capture"),
    cancel: handler("cancel"),
    review: handler("review"),
    refund: handler("refund"),
    retrieveTransactions: handler("retrieveTransactions"),
    retrieveRefunds: handler("retrieveRefunds"),
    verifyNotification: handler("verifyNotification"),
    verifyResult: handler("verifyResult"),
  } as GatewayPort
  return { gateway, calls }
}

export const TEST_OPTIONS = {
  merchant_id: "M100",
  account_id: "A200",
  sign_key: "s1gn-Key",
  base_url: "https://test-gateway.example",
  website: "https://shop.example",
  backend_url: "https://api.shop.example",
  storefront_return_url: "https://shop.example/return",
  storefront_cancel_url: "https://shop.example/cancel",
}

export function testContext(
  gateway: GatewayPort,
  overrides: Record<string, unknown> = {}
): CoreContext & { lines: string[] } {
  const lines: string[] = []
  return {
    options: parseAcquiringOptions({ ...TEST_OPTIONS, ...overrides }),
    gateway,
    identifier: "acquiring-card",
    provider_id: "acquiring",
    log: (level, message, details) =>
      lines.push(`${level} ${message} ${JSON.stringify(details ?? null)}`),
    lines,
  }
}
