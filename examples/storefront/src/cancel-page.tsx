import { go } from "./store"

/** What the return page shows a shopper who gave up on the hosted page (`status=canceled`); the cart is still there. */
export function CancelPage() {
  return (
    <section>
      <h1>Payment canceled</h1>
      <p>You left the payment page without paying. Your cart is kept.</p>
      <button onClick={() => go("/checkout")}>Back to checkout</button>
    </section>
  )
}
