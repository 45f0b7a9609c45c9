/**
 * A card form for the acquiring card provider: formats the number as
 * typed, checks Luhn, expiry and code before sending, shows the plugin's
 * answers next to the field they concern, and sends once however often
 * Pay is clicked. Given the customer's saved cards, it offers them before
 * a new card and asks only for the chosen one's security code.
 *
 * After every answer that leaves the form on the page, focus goes to the
 * first field to correct or to the message (announced as an alert), so a
 * keyboard or screen-reader user is never left on a disabled button.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react"
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
import { acquiringMessages } from "../messages-en.js"
import type { AcquiringMessages } from "../messages.js"
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
  /** The form's class ("acquiring-card-form" by default); the parts carry `acquiring-card-*` classes to style. */
  className?: string
  /** The signed-in customer's saved cards (`listSavedCards`), offered before a new card. */
  savedCards?: SavedCard[]
  /** Offers "Save this card for next time" with a new card: set it only when the shopper is signed in. */
  canSaveCard?: boolean
  /** "optional" where the merchant does not ask for a saved card's security code again (default "required"). */
  savedCardCode?: "required" | "optional"
  /** A saved card the acquirer no longer knew (E0011): the plugin removed it and the form dropped it. */
  onSavedCardGone?: (id: string) => void
  /** Any of the texts the form shows, in place of the English defaults (`GERMAN_MESSAGES`, or the store's own). */
  messages?: Partial<AcquiringMessages>
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

/**
 * What the form's Pay button reads for this cart ("Pay $15.00", or
 * `submitLabel`), for a checkout's own text that names it ("By clicking
 * Pay $15.00, you confirm…"). Same arguments as the form's props.
 */
export function payLabel(
  cart?: CardFormCart,
  options: Pick<CardFormProps, "submitLabel" | "messages"> = {}
): string {
  return (
    options.submitLabel ??
    acquiringMessages(options.messages).pay(amountText(cart))
  )
}

/** The shopper-facing text of an outcome that leaves the form on the page (the developer's text stays on the outcome). */
function messageOf(
  outcome: CardOutcome,
  text: AcquiringMessages
): string | undefined {
  switch (outcome.kind) {
    case "declined":
      return text.declined(outcome.code)
    case "invalid":
      return fieldOfIssue(outcome.field) ? undefined : text.failed
    case "rate_limited":
      return text.rateLimited(outcome.retryAfter)
    case "outcome_pending":
      return text.beingConfirmed
    case "failed":
      return text.failed
    default:
      return undefined
  }
}

/** Fields in the order they appear, for focusing the first to correct. */
const FIELD_ORDER: CardField[] = ["number", "expiry", "security_code"]

export function CardForm(props: CardFormProps) {
  const id = useId()
  const text = acquiringMessages(props.messages)
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
  // Where focus goes once the answer is on screen (the inputs are enabled again by then).
  const [focusTo, setFocusTo] = useState<{ target: CardField | "message" }>()
  const messageRef = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (!focusTo) return
    const element =
      focusTo.target === "message"
        ? messageRef.current
        : document.getElementById(`${id}-${focusTo.target}`)
    element?.focus()
  }, [focusTo, id])

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

  /** Shows the problems found before sending, says how many, and focuses the first. */
  function showProblems(found: CardProblems) {
    setProblems(found)
    const first = FIELD_ORDER.find((field) => found[field])
    if (!first) return
    const count = FIELD_ORDER.filter((field) => found[field]).length
    setMessage(text.fieldsToCheck(count))
    setFocusTo({ target: first })
  }

  /** Checks what the shopper gave; undefined (problems shown) when nothing may be sent. */
  function paymentToSend(): (() => Promise<CardOutcome>) | undefined {
    const holder = holderOf(props.cart)
    if (chosen) {
      const checked = checkSavedCardCode(chosen, code, {
        optional: props.savedCardCode === "optional",
        messages: text,
      })
      showProblems(checked.problem ? { security_code: checked.problem } : {})
      const choice = checked.choice
      return choice
        ? () => submitCard(props.store, props.session.id, choice, holder)
        : undefined
    }
    const checked = checkCard(
      { number, expiry, security_code: code },
      new Date(),
      text
    )
    showProblems(checked.problems)
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
    // a refusal empties the security code: the message says so
    const again = code !== "" ? ` ${text.securityCodeAgain}` : ""
    try {
      const outcome = await send()
      if (outcome.kind === "invalid") {
        const fields: CardProblems = {}
        for (const issue of outcome.issues) {
          const field = fieldOfIssue(issue.field)
          if (field) fields[field] = issue.reason
        }
        if (Object.keys(fields).length > 0) showProblems(fields)
        else setProblems({})
      }
      if (sentCard && isSavedCardGone(outcome)) {
        // The plugin has removed the card: drop it and ask for one typed.
        setGone((ids) => [...ids, sentCard.id])
        setPicked(null)
        setMessage(text.savedCardGone)
        setFocusTo({ target: "message" })
        props.onSavedCardGone?.(sentCard.id)
      } else if (outcome.kind !== "invalid" || !fieldOfIssue(outcome.field)) {
        const said = messageOf(outcome, text)
        const retry = outcome.kind === "declined" || outcome.kind === "failed"
        setMessage(said && retry ? `${said}${again}` : said)
        if (said) setFocusTo({ target: "message" })
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
      setMessage(`${text.notSent}${again}`)
      setFocusTo({ target: "message" })
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

  const label = payLabel(props.cart, props)
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
      <label htmlFor={`${id}-${name}`} className="acquiring-card-label">
        {labelText}
      </label>
      <input
        id={`${id}-${name}`}
        className="acquiring-card-input"
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
      {message ? (
        <p
          ref={messageRef}
          role="alert"
          tabIndex={-1}
          className="acquiring-card-message"
        >
          {message}
        </p>
      ) : null}
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
        // The box inside its label: no label follows an input, so a store's
        // floating-label rule (the Next.js starter's `input:not(:placeholder-shown)
        // ~ label`) does not shrink or move it.
        <label className="acquiring-card-save">
          <input
            type="checkbox"
            name="save_card"
            checked={saveCard}
            onChange={(e) => setSaveCard(e.target.checked)}
            disabled={submitting}
          />
          <span>{text.saveCard}</span>
        </label>
      ) : null}
      <button
        type="submit"
        className="acquiring-card-pay"
        disabled={submitting}
      >
        {submitting ? text.processing : label}
      </button>
    </form>
  )
}
