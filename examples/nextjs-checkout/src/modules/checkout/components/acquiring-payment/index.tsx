"use client"

import { acquiringRequest } from "@lib/data/acquiring"
import { placeOrder } from "@lib/data/cart"
import type { HttpTypes } from "@medusajs/types"
import {
  findSession,
  type CardOutcome,
} from "medusa-payment-acquiring-storefront"
import {
  CardForm,
  HostedPaymentButton,
} from "medusa-payment-acquiring-storefront/react"
import { useState } from "react"

const PAID: CardOutcome["kind"][] = [
  "authorized",
  "captured",
  "held_for_review",
]

/**
 * The Review step's payment: the card form for the card provider's
 * session, the hosted page's button for the other. A paid card places the
 * order at once; a 3-D Secure card and the hosted page come back through
 * /checkout/return.
 */
export default function AcquiringPayment({
  cart,
}: {
  cart: HttpTypes.StoreCart
}) {
  const [error, setError] = useState<string>()
  const card = findSession(cart, "card")
  const hosted = findSession(cart, "hosted")

  if (card)
    return (
      <>
        <CardForm
          store={acquiringRequest}
          session={card}
          cart={cart}
          onOutcome={async (outcome) => {
            if (PAID.includes(outcome.kind)) {
              // placeOrder shows the order's confirmation; it answers only a refusal
              setError(await placeOrder(cart.id))
            }
          }}
        />
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : null}
      </>
    )
  if (hosted)
    return (
      <HostedPaymentButton store={acquiringRequest} session={hosted}>
        Place order and pay
      </HostedPaymentButton>
    )
  return <p>Choose a payment method first.</p>
}
