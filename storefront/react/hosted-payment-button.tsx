/**
 * A button that sends the shopper to the acquirer's hosted payment page
 * for a session of the hosted provider. Clicked twice, it asks once.
 */
import { useRef, useState, type ReactNode } from "react"
import { openHostedPage, type HostedPageOutcome } from "../hosted-page.js"
import type { AcquiringSession } from "../session.js"
import { acquiringMessages } from "../messages-en.js"
import type { AcquiringMessages } from "../messages.js"
import type { StoreTransport } from "../transport.js"

export type HostedPaymentButtonProps = {
  store: StoreTransport
  /** The cart's session of the hosted provider. */
  session: Pick<AcquiringSession, "id">
  onOutcome?: (outcome: HostedPageOutcome) => void
  /** Keep the card typed on the hosted page for the signed-in customer (the storefront asks the shopper first). */
  saveCard?: boolean
  /** The button's text; `messages.hostedPay` by default. */
  children?: ReactNode
  className?: string
  /** Any of the texts the button shows, in place of the English defaults. */
  messages?: Partial<AcquiringMessages>
}

export function HostedPaymentButton(props: HostedPaymentButtonProps) {
  const text = acquiringMessages(props.messages)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string>()
  const inFlight = useRef(false)

  async function onClick() {
    if (inFlight.current) return
    inFlight.current = true
    setBusy(true)
    setMessage(undefined)
    let leaving = false
    try {
      const outcome = await openHostedPage(props.store, props.session.id, {
        saveCard: props.saveCard,
      })
      leaving = outcome.kind === "opened"
      if (outcome.kind === "rate_limited") {
        setMessage(text.rateLimited(outcome.retryAfter))
      } else if (outcome.kind === "open_elsewhere") {
        setMessage(text.hostedOpenElsewhere(outcome.retryAfter))
      } else if (outcome.kind === "outcome_pending") {
        setMessage(text.beingConfirmed)
      } else if (outcome.kind !== "opened") {
        setMessage(text.failed)
      }
      props.onOutcome?.(outcome)
    } catch (error) {
      setMessage(text.hostedNotOpened)
      props.onOutcome?.({
        kind: "failed",
        status: 0,
        message: error instanceof Error ? error.message : String(error),
      })
    } finally {
      // While the browser leaves for the page, the button stays disabled.
      if (!leaving) {
        inFlight.current = false
        setBusy(false)
      }
    }
  }

  return (
    <div className={props.className ?? "acquiring-hosted-payment"}>
      <button
        type="button"
        className="acquiring-hosted-pay"
        onClick={onClick}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? text.hostedOpening : (props.children ?? text.hostedPay)}
      </button>
      {message ? (
        <p role="alert" className="acquiring-hosted-message">
          {message}
        </p>
      ) : null}
    </div>
  )
}
