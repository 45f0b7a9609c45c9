"use client"

import {
  acquiringRequest,
  forgetCachedCart,
  forgetCompletedCart,
  transferOrder,
} from "@lib/data/acquiring"
import { placeOrder } from "@lib/data/cart"
import { Heading, Text } from "@medusajs/ui"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import {
  followTransfer,
  readReturn,
  returnOutcome,
  waitForConfirmation,
  type PaymentReturn,
  type TransferCourse,
} from "medusa-payment-acquiring-storefront"
import { ENGLISH_MESSAGES as text } from "medusa-payment-acquiring-storefront/messages/en"
import { useParams, useRouter } from "next/navigation"
import { useEffect, useRef, useState } from "react"

type Shown = {
  heading: string
  said: string
  failed?: boolean // said as an alert, with a way back to the payment step
  order?: { id: string; number: string }
}

const CHECKING: Shown = { heading: "Payment", said: text.returnChecking }
const FAILED: Shown = {
  heading: "Payment",
  said: text.returnFailed,
  failed: true,
}
const CANCELED: Shown = { ...FAILED, said: text.returnCanceled }

// the amount to send, and until when the acquirer waits, in the shopper's time zone
function transferText(transfer?: TransferCourse) {
  if (!transfer) return undefined
  return {
    amount: `${transfer.amount} ${transfer.currency.toUpperCase()}`,
    until: new Date(transfer.awaited_until).toLocaleString("en-US", {
      dateStyle: "long",
      timeStyle: "short",
    }),
  }
}

// Acts on the payment's outcome: places the order or opens it (answers
// nothing then), or answers what the page says.
async function conclude(
  found: PaymentReturn,
  openOrder: (id: string) => void
): Promise<Shown | undefined> {
  const outcome = returnOutcome(found.payment_session)
  const transfer = transferText(found.payment_session.data.transfer)
  if (outcome === "paid" && found.order_id) {
    // the order exists (the acquirer's notification made it, or a bank
    // transfer's money arrived): forget the cart, as placeOrder does
    await forgetCompletedCart(found.cart_id)
    openOrder(found.order_id)
    return undefined
  }
  if (outcome === "paid") {
    await placeOrder(found.cart_id) // redirects to the order's confirmation
    return undefined
  }
  if (outcome === "being_checked")
    return { heading: "Payment", said: text.returnPending }
  const ended = outcome === "transfer_lapsed" || outcome === "transfer_voided"
  if (outcome === "awaiting_transfer" || (ended && found.order_id)) {
    const order = await transferOrder(found.cart_id, found.order_id)
    if ("error" in order) return { ...FAILED, said: order.error }
    if (outcome === "awaiting_transfer")
      return {
        heading: "Waiting for your bank transfer",
        said: text.returnAwaitingTransfer(order.number, transfer),
        order,
      }
    return outcome === "transfer_lapsed"
      ? {
          heading: "Bank transfer not received",
          said: text.returnTransferLapsed(order.number, transfer?.until),
          failed: true,
          order,
        }
      : {
          heading: "Order cancelled",
          said: text.returnTransferVoided(order.number),
          failed: true,
          order,
        }
  }
  await forgetCachedCart() // the payment step then starts a new session
  if (outcome === "transfer_lapsed")
    return {
      ...FAILED,
      heading: "Bank transfer not received",
      said: text.returnTransferLapsed(undefined, transfer?.until),
    }
  return outcome === "canceled" ? CANCELED : FAILED
}

export default function AcquiringReturn() {
  const router = useRouter()
  const { countryCode } = useParams<{ countryCode: string }>()
  const [shown, setShown] = useState<Shown>(CHECKING)
  // the attempt of a bank transfer whose money is awaited: followed below
  const [awaited, setAwaited] = useState<string>()
  const started = useRef(false)

  useEffect(() => {
    // once per page, even where React runs effects twice (development)
    if (started.current) return
    started.current = true
    const openOrder = (id: string) =>
      router.replace(`/${countryCode}/order/${id}/confirmed`)
    ;(async () => {
      const returned = readReturn()
      if (returned.status === "canceled" || !returned.attempt) {
        await forgetCachedCart() // the payment step then starts a new session
        return setShown(CANCELED)
      }
      const found = await waitForConfirmation(acquiringRequest, {
        ...returned,
        attempt: returned.attempt,
      })
      const next = await conclude(found, openOrder)
      if (next) setShown(next)
      const outcome = returnOutcome(found.payment_session)
      if (outcome === "awaiting_transfer" && next?.order)
        setAwaited(found.attempt)
    })().catch(() => setShown(FAILED))
  }, [router, countryCode])

  useEffect(() => {
    // the transfer's money arrives, or the transfer lapses, while the page is open
    if (!awaited) return
    const stop = new AbortController()
    const openOrder = (id: string) => {
      setShown({
        heading: "Payment received",
        said: text.returnTransferReceived,
      })
      router.replace(`/${countryCode}/order/${id}/confirmed`)
    }
    followTransfer(acquiringRequest, awaited, { signal: stop.signal })
      .then((found) => conclude(found, openOrder))
      .then((next) => next && setShown(next))
      .catch(() => undefined) // the page went away
    return () => stop.abort()
  }, [awaited, router, countryCode])

  return (
    <div className="flex flex-col gap-y-4">
      <Heading level="h1" className="text-3xl-regular">
        {shown.heading}
      </Heading>
      <Text role={shown.failed ? "alert" : "status"}>{shown.said}</Text>
      {shown.order && (
        <Text className="txt-medium text-ui-fg-subtle">
          Order <span data-testid="order-number">{shown.order.number}</span>
        </Text>
      )}
      {shown.failed && (
        <LocalizedClientLink
          href={shown.order ? "/" : "/checkout?step=payment"}
          className="txt-medium-plus text-ui-fg-base underline"
        >
          {shown.order ? "Continue shopping" : "Back to payment"}
        </LocalizedClientLink>
      )}
    </div>
  )
}
