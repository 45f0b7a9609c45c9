/**
 * "Test connection": a signed status query for an order number nobody
 * used, sent with an account's saved settings. It moves no money; the
 * answer says whether the acquirer accepts the account's credentials and
 * this backend's address.
 */
import {
  GatewayRefusedError,
  QUERY_RESULT,
  SignatureMismatchError,
  TransportError,
} from "../gateway/index"
import type { AcquiringOptions } from "./options"
import { gatewayFor } from "./gateway-port"
import { logSafeHex } from "../payment-sessions/order-number"
import type {
  ConnectionOutcome,
  ConnectionVerdict,
} from "../admin-contract/settings"

/** At most this long: the merchant is waiting on the page. */
const CHECK_TIMEOUT_MS = 10_000

const VERDICTS: Record<
  Exclude<ConnectionOutcome, "unexpected" | "configuration">,
  string
> = {
  accepted:
    "Credentials accepted: the acquirer answered a signed status query from this backend.",
  signature_refused: "Signature refused (I0013): check the sign key.",
  ip_not_registered:
    "Caller IP not registered (query_result 7): register this backend's IP address with the acquirer.",
  unreachable:
    "The acquirer could not be reached: check base_url and the backend's network access.",
}

/** The account cannot even be used (settings key, missing fields): nothing was sent. */
export function configurationVerdict(reason: string): ConnectionVerdict {
  return {
    outcome: "configuration",
    message: `Not sent: ${reason}`,
  }
}

/** Why Test connection sends nothing for a disabled account, and the fix. */
export function disabledAccountReason(name: string): string {
  return `account "${name}" is disabled. Edit it, turn Enabled on and save, then test the connection again.`
}

export async function checkConnection(
  options: AcquiringOptions
): Promise<ConnectionVerdict> {
  const gateway = gatewayFor({
    ...options,
    timeout_ms: Math.min(options.timeout_ms, CHECK_TIMEOUT_MS),
    lookup_retries: 0,
  })
  const orderNo = `${options.order_prefix}CHECK${logSafeHex(8)}`
  try {
    const entries = await gateway.retrieveTransactions({ order_nos: [orderNo] })
    const results = entries.map((entry) => entry.query_result)
    if (results.includes(QUERY_RESULT.IP_NOT_REGISTERED))
      return {
        outcome: "ip_not_registered",
        message: VERDICTS.ip_not_registered,
        code: "7",
      }
    if (results.includes(QUERY_RESULT.SIGNATURE_ERROR))
      return {
        outcome: "signature_refused",
        message: VERDICTS.signature_refused,
        code: "I0013",
      }
    return { outcome: "accepted", message: VERDICTS.accepted }
  } catch (error) {
    return verdictOf(error)
  }
}

function verdictOf(error: unknown): ConnectionVerdict {
  if (error instanceof GatewayRefusedError) {
    if (error.code === "I0013")
      return {
        outcome: "signature_refused",
        message: VERDICTS.signature_refused,
        code: "I0013",
      }
    if (error.code === "E0007")
      return {
        outcome: "ip_not_registered",
        message: VERDICTS.ip_not_registered,
        code: "7",
      }
    return {
      outcome: "unexpected",
      message: `The acquirer refused the status query (${error.code}${error.text ? `: ${error.text}` : ""}).`,
      code: error.code,
    }
  }
  if (error instanceof SignatureMismatchError) {
    return {
      outcome: "signature_refused",
      message:
        "The acquirer's answer does not verify with this sign key: check the sign key.",
    }
  }
  if (error instanceof TransportError) {
    return {
      outcome: "unreachable",
      message: error.timed_out
        ? `${VERDICTS.unreachable} (no answer within ${CHECK_TIMEOUT_MS / 1000} s)`
        : VERDICTS.unreachable,
    }
  }
  return {
    outcome: "unexpected",
    message:
      "The acquirer's answer could not be read: check base_url points at the acquiring service.",
  }
}
