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
    store.sdk.store.order.retrieve(orderId).then(({ order }) => setOrder(order))
  }, [store, orderId])
  if (!order) return <p>Loading your order…</p>
  return (
    <section>
      <h1>Thank you for your order</h1>
      <p>
        Order <strong data-testid="order-number">#{order.display_id}</strong> is
        confirmed. A receipt goes to {order.email}.
      </p>
      <p>Total paid: {money(order.total, order.currency_code)}</p>
    </section>
  )
}
