"use client"

import { acquiringRequest, forgetCompletedCart } from "@lib/data/acquiring"
import { placeAwaitedOrder, placeOrder } from "@lib/data/cart"
import {
  readReturn,
  returnOutcome,
  waitForConfirmation,
} from "medusa-payment-acquiring-storefront"
import { ENGLISH_MESSAGES as text } from "medusa-payment-acquiring-storefront/react"
import Link from "next/link"
import { useRouter } from "next/navigation"
import { useEffect, useRef, useState } from "react"

/**
 * Where the plugin sends the shopper after 3-D Secure or the hosted page.
 * The first request of that way back comes from the acquirer's site, so
 * the SameSite=Strict cart cookie is not on it: the payment, its cart and
 * its order are read by the attempt token in the address instead.
 */
export default function AcquiringReturn() {
  const router = useRouter()
  const [message, setMessage] = useState(text.returnChecking)
  const [failed, setFailed] = useState(false)
  // a bank transfer sent: the order is made, its money awaited
  const [awaited, setAwaited] = useState<{ id: string; number: string }>()
  const started = useRef(false)

  useEffect(() => {
    // one read and one order, even when React runs effects twice
    if (started.current) return
    started.current = true
    const fail = (said: string) => {
      setFailed(true)
      setMessage(said)
    }
    ;(async () => {
      const returned = readReturn()
      if (returned.status === "canceled" || !returned.attempt)
        return fail(text.returnCanceled)
      const found = await waitForConfirmation(acquiringRequest, {
        ...returned,
        attempt: returned.attempt,
      })
      const outcome = returnOutcome(found.payment_session)
      if (outcome === "awaiting_transfer") {
        // Medusa makes the order without a payment; neither paid nor failed
        const order = await placeAwaitedOrder(found.cart_id, found.order_id)
        if ("error" in order) return fail(order.error)
        setAwaited(order)
        return setMessage(text.returnAwaitingTransfer(order.number))
      }
      if (found.order_id) {
        // the notification completed the cart first: the shop forgets it, as placeOrder does
        await forgetCompletedCart(found.cart_id)
        return router.replace(`/order/${found.order_id}/confirmed`)
      }
      if (outcome === "paid") {
        setMessage(text.returnAccepted)
        const refused = await placeOrder(found.cart_id)
        if (refused) fail(refused)
      } else if (outcome === "being_checked") {
        setMessage(text.returnPending)
      } else {
        fail(text.returnFailed)
      }
    })().catch(() => fail(text.returnFailed))
  }, [router])

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        {awaited ? "Waiting for your bank transfer" : "Payment"}
      </h1>
      <p role={failed ? "alert" : "status"}>{message}</p>
      {awaited ? (
        <p>
          Order{" "}
          <Link
            href={`/order/${awaited.id}/confirmed`}
            className="underline"
            data-testid="order-number"
          >
            {awaited.number}
          </Link>
        </p>
      ) : null}
      {failed ? (
        <Link href="/checkout?step=payment" className="underline">
          Back to payment
        </Link>
      ) : null}
    </section>
  )
}
