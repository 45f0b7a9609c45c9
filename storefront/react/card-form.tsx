/**
 * A card form for the acquiring card provider: formats the number as
 * typed, checks Luhn, expiry and code before sending, shows the plugin's
 * answers next to the field they concern, and sends once however often
 * Pay is clicked.
 */
import { useId, useRef, useState, type FormEvent } from "react"
import {
  checkCard,
  formatCardNumber,
  formatExpiry,
  type CardField,
  type CardProblems,
} from "../card-checks.js"
import {
  submitCard,
  type CardHolder,
  type CardOutcome,
} from "../card-outcome.js"
import type { AcquiringSession } from "../session.js"
import { rateLimitText } from "./shopper-text.js"
import type { StoreTransport } from "../transport.js"

export type CardFormCart = {
  total?: number | string | null
  currency_code?: string | null
  billing_address?: {
    first_name?: string | null
    last_name?: string | null
  } | null
}

export type CardFormProps = {
  store: StoreTransport
  /** The cart's session of the card provider. */
  session: Pick<AcquiringSession, "id">
  /** Names the holder (billing address) and the amount on the Pay button. */
  cart?: CardFormCart
  /** Called with every outcome; on `authorized`, `captured` and `held_for_review` complete the cart. */
  onOutcome?: (outcome: CardOutcome) => void
  /** Sends the browser to the 3-D Secure challenge when asked (default true). */
  redirectToChallenge?: boolean
  submitLabel?: string
  className?: string
}

/** Which input an issue of the plugin (`card.expiry_month`, …) belongs to. */
export function fieldOfIssue(field: string): CardField | undefined {
  if (field === "card.number") return "number"
  if (field === "card.expiry_month" || field === "card.expiry_year")
    return "expiry"
  if (field === "card.security_code") return "security_code"
  return undefined
}

function holderOf(cart?: CardFormCart): CardHolder | undefined {
  const first = cart?.billing_address?.first_name?.trim()
  const last = cart?.billing_address?.last_name?.trim()
  return first && last ? { first_name: first, last_name: last } : undefined
}

function amountText(cart?: CardFormCart): string | undefined {
  if (cart?.total === undefined || cart.total === null || !cart.currency_code)
    return undefined
  try {
    return new Intl.NumberFormat(undefined, {
      style: "currency",
      currency: cart.currency_code.toUpperCase(),
    }).format(Number(cart.total))
  } catch {
    return undefined
  }
}

/** The shopper-facing text of an outcome that leaves the form on the page. */
function messageOf(outcome: CardOutcome): string | undefined {
  switch (outcome.kind) {
    case "declined":
      return outcome.message
    case "invalid":
      return fieldOfIssue(outcome.field) ? undefined : outcome.message
    case "rate_limited":
      return rateLimitText(outcome.retryAfter)
    case "outcome_pending":
      return "Your payment is being confirmed. Please do not pay again."
    case "failed":
      return outcome.message
    default:
      return undefined
  }
}

export function CardForm(props: CardFormProps) {
  const id = useId()
  const [number, setNumber] = useState("")
  const [expiry, setExpiry] = useState("")
  const [code, setCode] = useState("")
  const [problems, setProblems] = useState<CardProblems>({})
  const [message, setMessage] = useState<string>()
  const [submitting, setSubmitting] = useState(false)
  // A ref, not state: a second click in the same tick must already see it.
  const inFlight = useRef(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (inFlight.current) return
    const checked = checkCard({ number, expiry, security_code: code })
    setProblems(checked.problems)
    setMessage(undefined)
    if (!checked.card) return
    inFlight.current = true
    setSubmitting(true)
    let settled = false
    try {
      const outcome = await submitCard(
        props.store,
        props.session.id,
        checked.card,
        holderOf(props.cart)
      )
      if (outcome.kind === "invalid") {
        const fields: CardProblems = {}
        for (const issue of outcome.issues) {
          const field = fieldOfIssue(issue.field)
          if (field) fields[field] = issue.reason
        }
        setProblems(fields)
      }
      setMessage(messageOf(outcome))
      // Paid, leaving for the challenge, or being confirmed: the form stays locked.
      settled = !["declined", "invalid", "rate_limited", "failed"].includes(
        outcome.kind
      )
      props.onOutcome?.(outcome)
      if (
        outcome.kind === "three_ds_required" &&
        props.redirectToChallenge !== false
      ) {
        outcome.redirect()
      }
    } catch (error) {
      setMessage(
        "The payment could not be sent. Check your connection and try again."
      )
      props.onOutcome?.({
        kind: "failed",
        status: 0,
        message: error instanceof Error ? error.message : String(error),
      })
    } finally {
      if (!settled) {
        inFlight.current = false
        setSubmitting(false)
        setCode("")
      }
    }
  }

  const amount = amountText(props.cart)
  const label = props.submitLabel ?? (amount ? `Pay ${amount}` : "Pay")
  const field = (
    name: CardField,
    text: string,
    value: string,
    onChange: (value: string) => void,
    extra: Record<string, string>
  ) => (
    <div className="acquiring-card-field">
      <label htmlFor={`${id}-${name}`}>{text}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={submitting}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${id}-${name}-error` : undefined}
        inputMode="numeric"
        {...extra}
      />
      {problems[name] ? (
        <p id={`${id}-${name}-error`} className="acquiring-card-error">
          {problems[name]}
        </p>
      ) : null}
    </div>
  )

  return (
    <form
      className={props.className ?? "acquiring-card-form"}
      onSubmit={onSubmit}
      noValidate
      aria-busy={submitting}
    >
      {field(
        "number",
        "Card number",
        number,
        (v) => setNumber(formatCardNumber(v)),
        {
          autoComplete: "cc-number",
          placeholder: "1234 1234 1234 1234",
        }
      )}
      {field(
        "expiry",
        "Expiry date (MM / YY)",
        expiry,
        (v) => setExpiry(formatExpiry(v)),
        {
          autoComplete: "cc-exp",
          placeholder: "MM / YY",
        }
      )}
      {field(
        "security_code",
        "Security code",
        code,
        (v) => setCode(v.replace(/\D/g, "").slice(0, 4)),
        {
          autoComplete: "cc-csc",
          placeholder: "CVC",
        }
      )}
      {message ? (
        <p role="alert" className="acquiring-card-message">
          {message}
        </p>
      ) : null}
      <button type="submit" disabled={submitting}>
        {submitting ? "Processing…" : label}
      </button>
    </form>
  )
}
