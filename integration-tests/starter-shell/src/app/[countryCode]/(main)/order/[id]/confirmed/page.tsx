import { retrieveOrder } from "@lib/data/orders"
import { convertToLocale } from "@lib/util/money"
import { Heading, Text } from "@medusajs/ui"
import PaymentDetails from "@modules/order/components/payment-details"
import { Metadata } from "next"
import { notFound } from "next/navigation"

export const metadata: Metadata = {
  title: "Order confirmed",
}

/** What the order's payment is, in the shopper's words. */
function paymentWord(order: { status?: string; payment_status?: string }) {
  if (order.status === "canceled") return "Cancelled, nothing charged"
  // an authorised payment is taken when the order ships
  if (order.payment_status === "captured") return "Paid"
  if (order.payment_status === "authorized") return "Payment authorised"
  // an order paid by bank transfer has no payment until the money arrives
  return "Awaiting your bank transfer"
}

export default async function OrderConfirmed(props: {
  params: Promise<{ id: string }>
}) {
  const { id } = await props.params
  const order = await retrieveOrder(id).catch(() => null)
  if (!order) return notFound()
  return (
    <div className="flex flex-col gap-y-4">
      <Heading level="h1" className="text-3xl-regular">
        Thank you for your order
      </Heading>
      <Text>
        Order <span data-testid="order-number">#{order.display_id}</span>, a
        confirmation goes to {order.email}.
      </Text>
      <Text data-testid="order-payment">
        {paymentWord(order)}:{" "}
        {convertToLocale({
          amount: order.total,
          currency_code: order.currency_code,
        })}
      </Text>
      <PaymentDetails order={order} />
    </div>
  )
}
