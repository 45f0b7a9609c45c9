/**
 * A configuration fault (no account, an incomplete one, the settings key
 * missing or not the one the sign keys were sealed with): the operator's
 * reason and fix travel in the message, for the admin and the log; a
 * storefront is told only the neutral sentence below.
 */
import { MedusaError } from "@medusajs/framework/utils"

export const PAYMENTS_UNAVAILABLE_MESSAGE =
  "Card payments are unavailable right now. Please try again later or choose another payment method."

export class PaymentsUnavailableError extends MedusaError {
  constructor(reason: string) {
    super(MedusaError.Types.NOT_ALLOWED, reason)
    this.name = "PaymentsUnavailableError"
  }
}

const reported = new Set<string>()

/** Logs the operator's reason once per process, however many shoppers meet it. */
export function reportUnavailable(
  logger: { error(message: string): void },
  error: PaymentsUnavailableError
): void {
  if (reported.has(error.message)) return
  reported.add(error.message)
  logger.error(
    `[acquiring] card payments are refused until this is fixed: ${error.message}`
  )
}

/** What a storefront is answered: 503, a stable type, no operator detail. */
export function unavailableAnswer() {
  return {
    type: "payment_unavailable",
    message: PAYMENTS_UNAVAILABLE_MESSAGE,
  }
}

/**
 * For a shopper's request (starting a payment, completing the cart): a
 * configuration fault is logged for the operator, and the shopper gets the
 * neutral sentence in its place.
 */
export async function forShopper<T>(
  logger: { error(message: string): void },
  work: () => Promise<T>
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error
    reportUnavailable(logger, error)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      PAYMENTS_UNAVAILABLE_MESSAGE
    )
  }
}
