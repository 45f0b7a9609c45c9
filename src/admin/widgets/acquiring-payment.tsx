/**
 * Order details: the acquiring payments of the order, kept live with React
 * Query (refetched when Medusa's own payment actions finish, on window
 * focus, and every few seconds until settled).
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, AdminOrder } from "@medusajs/framework/types"
import { Container, Heading } from "@medusajs/ui"
import { AcquiringPaymentCard } from "../components/payment/acquiring-payment-card"
import { useOrderPaymentIds } from "../hooks/payments/use-order-payment-ids"

const AcquiringPaymentWidget = ({
  data: order,
}: DetailWidgetProps<AdminOrder>) => {
  const { data: paymentIds = [] } = useOrderPaymentIds(order.id)
  if (paymentIds.length === 0) return null
  return (
    <Container className="divide-y p-0" data-testid="acquiring-widget">
      <div className="px-6 py-4">
        <Heading level="h2">Acquiring</Heading>
      </div>
      {paymentIds.map((id) => (
        <AcquiringPaymentCard key={id} orderId={order.id} paymentId={id} />
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default AcquiringPaymentWidget
