import { useEffect, useState } from "react"
import { money, type Store } from "./store"

export function OrderPage({
  store,
  orderId,
}: {
  store: Store
  orderId: string
}) {
  const [order, setOrder] = useState<any>()
  useEffect(() => {
    store.sdk.store.order
      .retrieve(orderId, {
        fields: "id,display_id,email,total,currency_code,payment_status",
      })
      .then(({ order }) => setOrder(order))
  }, [store, orderId])
  if (!order) return <p>Loading your order…</p>
  return (
    <section>
      <h1>Thank you for your order</h1>
      <p>
        Order <strong data-testid="order-number">#{order.display_id}</strong> is
        confirmed. A receipt goes to {order.email}.
      </p>
      {/* an authorised payment is not taken yet: the shop captures it when it ships */}
      <p data-testid="order-payment">
        {order.payment_status === "captured" ? "Paid" : "Payment authorised"}:{" "}
        {money(order.total, order.currency_code)}
      </p>
    </section>
  )
}
