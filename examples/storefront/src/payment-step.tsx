import { useEffect, useState } from "react"
import {
  listSavedCards,
  startSession,
  type AcquiringMethod,
  type AcquiringSession,
  type CardOutcome,
  type SavedCard,
} from "medusa-payment-acquiring-storefront"
import {
  CardForm,
  HostedPaymentButton,
} from "medusa-payment-acquiring-storefront/react"
import type { Customer } from "./account"
import { completeCheckout } from "./complete-checkout"
import type { Store } from "./store"

/**
 * Card typed here, or the acquirer's hosted page: each choice starts its own
 * session. A signed-in customer is offered their saved cards and a box to
 * keep a new one; a guest sees neither.
 */
export function PaymentStep({
  store,
  cart,
  customer,
}: {
  store: Store
  cart: any
  customer: Customer | null
}) {
  const [method, setMethod] = useState<AcquiringMethod>()
  const [session, setSession] = useState<AcquiringSession>()
  const [message, setMessage] = useState<string>()
  // undefined while a signed-in customer's cards are read
  const [savedCards, setSavedCards] = useState<SavedCard[] | undefined>(
    customer ? undefined : []
  )

  useEffect(() => {
    if (!customer) {
      setSavedCards([])
      return
    }
    let current = true
    listSavedCards(store.acquiring).then(
      (cards) => current && setSavedCards(cards),
      // without the list the shopper can still type a card
      () => current && setSavedCards([])
    )
    return () => {
      current = false
    }
  }, [store, customer])

  async function choose(next: AcquiringMethod) {
    setMethod(next)
    setSession(undefined)
    setMessage(undefined)
    try {
      // The freshest cart: an earlier attempt may have created its payment collection.
      const { cart: fresh } = await store.sdk.store.cart.retrieve(cart.id)
      setSession(await startSession(store.acquiring, fresh, next))
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error))
    }
  }

  async function onOutcome(outcome: CardOutcome) {
    if (
      outcome.kind === "authorized" ||
      outcome.kind === "captured" ||
      outcome.kind === "held_for_review"
    ) {
      setMessage(await completeCheckout(store, cart.id))
    }
  }

  return (
    <div>
      <h2>Payment</h2>
      <fieldset>
        <legend>Payment method</legend>
        <label>
          <input
            type="radio"
            name="method"
            checked={method === "card"}
            onChange={() => choose("card")}
          />{" "}
          Card
        </label>{" "}
        <label>
          <input
            type="radio"
            name="method"
            checked={method === "hosted"}
            onChange={() => choose("hosted")}
          />{" "}
          Card on the acquirer's secure page
        </label>
      </fieldset>
      {session && method === "card" ? (
        savedCards ? (
          <CardForm
            key={session.id}
            store={store.acquiring}
            session={session}
            cart={cart}
            savedCards={savedCards}
            canSaveCard={customer !== null}
            onSavedCardGone={(id) =>
              setSavedCards((cards) => cards?.filter((card) => card.id !== id))
            }
            onOutcome={onOutcome}
          />
        ) : (
          <p>Loading your saved cards…</p>
        )
      ) : null}
      {session && method === "hosted" ? (
        <HostedPaymentButton
          key={session.id}
          store={store.acquiring}
          session={session}
        >
          Continue to the secure payment page
        </HostedPaymentButton>
      ) : null}
      {message ? <p role="alert">{message}</p> : null}
    </div>
  )
}
