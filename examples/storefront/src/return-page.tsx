import { useEffect, useState } from "react"
import {
  findSession,
  readReturn,
  waitForConfirmation,
} from "medusa-payment-acquiring/storefront"
import { completeCheckout } from "./complete-checkout"
import { cartId, go, type Store } from "./store"

/**
 * Where the plugin sends the shopper after the hosted page or a 3-D Secure
 * challenge. The address says what happened; the session, read from the
 * store once confirmed, decides whether the cart is completed.
 */
export function ReturnPage({ store }: { store: Store }) {
  const [text, setText] = useState("Checking your payment…")
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const fail = (message: string) => {
      setFailed(true)
      setText(message)
    }
    ;(async () => {
      const returned = readReturn(location)
      if (returned.status === "canceled") return go("/checkout/cancel")
      const id = cartId.get()
      if (!id) return fail("Your cart was not found.")
      const { cart } = await store.sdk.store.cart.retrieve(id)
      const started = findSession(cart, "card") ?? findSession(cart, "hosted")
      if (!started) return fail("This cart has no payment.")
      const session = await waitForConfirmation(store.acquiring, started.id)
      switch (session.status) {
        case "authorized":
        case "captured": {
          setText("Payment accepted. Placing your order…")
          const refused = await completeCheckout(store, id)
          return refused ? fail(refused) : undefined
        }
        case "pending":
          return setText(
            "Your payment is still being confirmed. We will email you when it is; please do not pay again."
          )
        default:
          return fail(
            `Payment failed: ${session.data.result?.text ?? "the payment was not completed"}.`
          )
      }
    })().catch((error) =>
      fail(`The payment could not be checked: ${error?.message ?? error}`)
    )
  }, [store])

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
