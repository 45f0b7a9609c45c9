/**
 * A card form for the acquiring card provider: formats the number as
 * typed, checks Luhn, expiry and code before sending, shows the plugin's
 * answers next to the field they concern, and sends once however often
 * Pay is clicked. Given the customer's saved cards, it offers them before
 * a new card and asks only for the chosen one's security code.
 */
import { useId, useRef, useState, type FormEvent } from "react"
import {
  checkCard,
  checkSavedCardCode,
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
import { isSavedCardGone, type SavedCard } from "../saved-cards.js"
import type { AcquiringSession } from "../session.js"
import { SavedCardPicker } from "./saved-card-picker.js"
import { shopperText, type ShopperText } from "./shopper-text.js"
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
  /** The signed-in customer's saved cards (`listSavedCards`), offered before a new card. */
  savedCards?: SavedCard[]
  /** Offers "Save this card for next time" with a new card: set it only when the shopper is signed in. */
  canSaveCard?: boolean
  /** "optional" where the merchant does not ask for a saved card's security code again (default "required"). */
  savedCardCode?: "required" | "optional"
  /** A saved card the acquirer no longer knew (E0011): the plugin removed it and the form dropped it. */
  onSavedCardGone?: (id: string) => void
  /** Any of the texts the form shows, in place of the defaults (shopper-text.ts). */
  text?: Partial<ShopperText>
}

/** Which input an issue of the plugin (`card.expiry_month`, …) belongs to. */
export function fieldOfIssue(field: string): CardField | undefined {
  if (field === "card.number") return "number"
  if (field === "card.expiry_month" || field === "card.expiry_year")
    return "expiry"
  if (field === "card.security_code" || field === "saved_card.security_code")
    return "security_code"
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
function messageOf(
  outcome: CardOutcome,
  text: ShopperText
): string | undefined {
  switch (outcome.kind) {
    case "declined":
      return outcome.message
    case "invalid":
      return fieldOfIssue(outcome.field) ? undefined : outcome.message
    case "rate_limited":
      return text.rateLimited(outcome.retryAfter)
    case "outcome_pending":
      return text.beingConfirmed
    case "failed":
      return outcome.message
    default:
      return undefined
  }
}

export function CardForm(props: CardFormProps) {
  const id = useId()
  const text = shopperText(props.text)
  const [number, setNumber] = useState("")
  const [expiry, setExpiry] = useState("")
  const [code, setCode] = useState("")
  const [saveCard, setSaveCard] = useState(false)
  // undefined until the shopper picks: the first saved card is offered first.
  const [picked, setPicked] = useState<string | null>()
  // Saved cards the acquirer no longer knew; the parent's list may still hold them.
  const [gone, setGone] = useState<string[]>([])
  const [problems, setProblems] = useState<CardProblems>({})
  const [message, setMessage] = useState<string>()
  const [submitting, setSubmitting] = useState(false)
  // A ref, not state: a second click in the same tick must already see it.
  const inFlight = useRef(false)

  const cards = (props.savedCards ?? []).filter(
    (card) => !gone.includes(card.id)
  )
  const chosen =
    picked === null
      ? undefined
      : cards.find((card) => card.id === (picked ?? cards[0]?.id))

  function choose(cardId: string | null) {
    setPicked(cardId)
    // A security code belongs to one card: it is not carried to another.
    setCode("")
    setProblems({})
    setMessage(undefined)
  }

  /** Checks what the shopper gave; undefined (problems shown) when nothing may be sent. */
  function paymentToSend(): (() => Promise<CardOutcome>) | undefined {
    const holder = holderOf(props.cart)
    if (chosen) {
      const checked = checkSavedCardCode(chosen, code, {
        optional: props.savedCardCode === "optional",
      })
      setProblems(checked.problem ? { security_code: checked.problem } : {})
      const choice = checked.choice
      return choice
        ? () => submitCard(props.store, props.session.id, choice, holder)
        : undefined
    }
    const checked = checkCard({ number, expiry, security_code: code })
    setProblems(checked.problems)
    const card = checked.card
    const options = props.canSaveCard && saveCard ? { saveCard: true } : {}
    return card
      ? () => submitCard(props.store, props.session.id, card, holder, options)
      : undefined
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (inFlight.current) return
    setMessage(undefined)
    const send = paymentToSend()
    if (!send) return
    const sentCard = chosen
    inFlight.current = true
    setSubmitting(true)
    let settled = false
    try {
      const outcome = await send()
      if (outcome.kind === "invalid") {
        const fields: CardProblems = {}
        for (const issue of outcome.issues) {
          const field = fieldOfIssue(issue.field)
          if (field) fields[field] = issue.reason
        }
        setProblems(fields)
      }
      if (sentCard && isSavedCardGone(outcome)) {
        // The plugin has removed the card: drop it and ask for one typed.
        setGone((ids) => [...ids, sentCard.id])
        setPicked(null)
        setMessage(text.savedCardGone)
        props.onSavedCardGone?.(sentCard.id)
      } else {
        setMessage(messageOf(outcome, text))
      }
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
      setMessage(text.notSent)
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
  const label = props.submitLabel ?? text.pay(amount)
  // Typing a new card settles the choice, so saved cards arriving late do not hide it.
  const typing = () => setPicked((current) => current ?? null)
  const field = (
    name: CardField,
    labelText: string,
    value: string,
    onChange: (value: string) => void,
    extra: Record<string, string>
  ) => (
    <div className="acquiring-card-field">
      <label htmlFor={`${id}-${name}`}>{labelText}</label>
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
      {cards.length > 0 ? (
        <SavedCardPicker
          name={`${id}-saved-card`}
          cards={cards}
          chosen={chosen?.id ?? null}
          onChoose={choose}
          disabled={submitting}
          text={text}
        />
      ) : null}
      {chosen
        ? null
        : field(
            "number",
            text.cardNumber,
            number,
            (v) => {
              typing()
              setNumber(formatCardNumber(v))
            },
            {
              autoComplete: "cc-number",
              placeholder: "1234 1234 1234 1234",
            }
          )}
      {chosen
        ? null
        : field(
            "expiry",
            text.expiry,
            expiry,
            (v) => {
              typing()
              setExpiry(formatExpiry(v))
            },
            {
              autoComplete: "cc-exp",
              placeholder: "MM / YY",
            }
          )}
      {field(
        "security_code",
        text.securityCode,
        code,
        (v) => setCode(v.replace(/\D/g, "").slice(0, 4)),
        {
          autoComplete: "cc-csc",
          placeholder: "CVC",
        }
      )}
      {!chosen && props.canSaveCard ? (
        <div className="acquiring-card-save">
          <input
            id={`${id}-save-card`}
            type="checkbox"
            name="save_card"
            checked={saveCard}
            onChange={(e) => setSaveCard(e.target.checked)}
            disabled={submitting}
          />
          <label htmlFor={`${id}-save-card`}>{text.saveCard}</label>
        </div>
      ) : null}
      {message ? (
        <p role="alert" className="acquiring-card-message">
          {message}
        </p>
      ) : null}
      <button type="submit" disabled={submitting}>
        {submitting ? text.processing : label}
      </button>
    </form>
  )
}
