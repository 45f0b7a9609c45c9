import { useState } from "react"
import {
  startSession,
  type AcquiringMethod,
  type AcquiringSession,
  type CardOutcome,
} from "medusa-payment-acquiring/storefront"
import {
  CardForm,
  HostedPaymentButton,
} from "medusa-payment-acquiring/storefront/react"
import { completeCheckout } from "./complete-checkout"
import type { Store } from "./store"

/** Card typed here, or the acquirer's hosted page: each choice starts its own session. */
export function PaymentStep({ store, cart }: { store: Store; cart: any }) {
  const [method, setMethod] = useState<AcquiringMethod>()
  const [session, setSession] = useState<AcquiringSession>()
  const [message, setMessage] = useState<string>()

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
        <legend>Pay with</legend>
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
        <CardForm
          key={session.id}
          store={store.acquiring}
          session={session}
          cart={cart}
          onOutcome={onOutcome}
        />
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
