"use client"

import { acquiringRequest } from "@lib/data/acquiring"
import { placeOrder } from "@lib/data/cart"
import { HttpTypes } from "@medusajs/types"
import { Button } from "@medusajs/ui"
import ErrorMessage from "@modules/checkout/components/error-message"
import {
  listSavedCards,
  type SavedCard,
} from "medusa-payment-acquiring-storefront"
import { CardForm } from "medusa-payment-acquiring-storefront/react"
import { useEffect, useState } from "react"

export default function AcquiringCardButton({
  cart,
  notReady,
  signedIn,
}: {
  cart: HttpTypes.StoreCart
  notReady: boolean
  signedIn: boolean // a customer is signed in: saved cards and "Save this card for next time"
}) {
  const [errorMessage, setErrorMessage] = useState<string | null>(null)
  const [savedCards, setSavedCards] = useState<SavedCard[]>([])
  useEffect(() => {
    // GET /store/acquiring/saved-cards through the server action, with the customer's token
    if (signedIn)
      listSavedCards(acquiringRequest).then(setSavedCards, () =>
        setSavedCards([])
      )
  }, [signedIn])
  const session = cart.payment_collection?.payment_sessions?.find(
    (s) => s.status === "pending"
  )
  if (!session || notReady) return <Button disabled>Place order</Button>
  return (
    <>
      <CardForm
        store={acquiringRequest}
        session={session}
        cart={cart}
        savedCards={savedCards}
        canSaveCard={signedIn}
        onSavedCardGone={(id) =>
          setSavedCards((cards) => cards.filter((c) => c.id !== id))
        }
        onOutcome={async (outcome) => {
          if (
            outcome.kind === "authorized" ||
            outcome.kind === "captured" ||
            outcome.kind === "held_for_review"
          ) {
            // placeOrder redirects to the order's confirmation page
            await placeOrder().catch((err: Error) =>
              setErrorMessage(err.message)
            )
          }
        }}
      />
      <ErrorMessage
        error={errorMessage}
        data-testid="acquiring-payment-error-message"
      />
    </>
  )
}
