import { useEffect, useState } from "react"
import {
  readReturn,
  returnOutcome,
  waitForConfirmation,
} from "medusa-payment-acquiring-storefront"
import { ENGLISH_MESSAGES as messages } from "medusa-payment-acquiring-storefront/react"
import { CancelPage } from "./cancel-page"
import { completeCheckout } from "./complete-checkout"
import { cartId, go, type Store } from "./store"

/**
 * Where the plugin sends the shopper after the hosted page or a 3-D Secure
 * challenge. The address carries the attempt token; the store answers the
 * payment, its cart and its order by that token alone, so the page works
 * whatever cookies or storage the way back from the acquirer's site left.
 */
export function ReturnPage({ store }: { store: Store }) {
  const [returned] = useState(() => readReturn(location))
  const [text, setText] = useState(messages.returnChecking)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (returned.status === "canceled") return
    const fail = (message: string) => {
      setFailed(true)
      setText(message)
    }
    const attempt = returned.attempt
    if (!attempt) return fail("This page was opened without a payment.")
    ;(async () => {
      const found = await waitForConfirmation(store.acquiring, {
        ...returned,
        attempt,
      })
      const session = found.payment_session
      if (returnOutcome(session) === "awaiting_transfer") {
        // a bank transfer sent: Medusa makes the order without a payment, which waits for the money
        const made = found.order_id
          ? undefined
          : await store.sdk.store.cart.complete(found.cart_id)
        if (made && made.type !== "order")
          return fail(made.error?.message ?? "The order could not be placed")
        if (cartId.get() === found.cart_id) cartId.clear()
        const orderId =
          found.order_id ?? (made?.type === "order" ? made.order.id : "")
        const { order } = await store.sdk.store.order.retrieve(orderId, {
          fields: "id,display_id",
        })
        return setText(messages.returnAwaitingTransfer(`#${order.display_id}`))
      }
      if (found.order_id) {
        // the notification completed the cart first: forget it (only it, the shopper may have started another)
        if (cartId.get() === found.cart_id) cartId.clear()
        return go(`/order/${found.order_id}`)
      }
      switch (session.status) {
        case "authorized":
        case "captured": {
          setText(messages.returnAccepted)
          const refused = await completeCheckout(store, found.cart_id)
          return refused ? fail(refused) : undefined
        }
        case "pending":
          return setText(messages.returnPending)
        default:
          return fail(messages.returnFailed)
      }
    })().catch((error) =>
      fail(`The payment could not be checked: ${error?.message ?? error}`)
    )
  }, [store, returned])

  if (returned.status === "canceled") return <CancelPage />
  return (
    <section>
      <h1>Payment</h1>
      <p role={failed ? "alert" : "status"}>{text}</p>
      {failed ? (
        <button onClick={() => go("/checkout")}>Try again</button>
      ) : null}
    </section>
  )
}
