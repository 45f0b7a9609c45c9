import { sdk } from "@lib/config"
import { formatAmount } from "@lib/money"

export const dynamic = "force-dynamic"

export default async function OrderConfirmed({
  params,
}: {
  params: Promise<{ id: string }>
}) {
  const { id } = await params
  const { order } = await sdk.store.order.retrieve(
    id,
    { fields: "id,display_id,email,total,currency_code,payment_status" },
    { cache: "no-store" }
  )
  // an authorised payment is not taken yet: the shop captures it when it ships;
  // an order paid by bank transfer has no payment until the money arrives
  const payment =
    order.payment_status === "captured"
      ? "Paid"
      : order.payment_status === "authorized"
        ? "Payment authorised"
        : "Awaiting your bank transfer"
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-2xl font-semibold">Thank you for your order</h1>
      <p>
        Order <span data-testid="order-number">#{order.display_id}</span>, a
        confirmation goes to {order.email}.
      </p>
      <p data-testid="order-payment">
        {payment}: {formatAmount(order.total, order.currency_code)}
      </p>
    </section>
  )
}
