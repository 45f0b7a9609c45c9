import { paymentInfoMap } from "@lib/constants"
import { convertToLocale } from "@lib/util/money"
import { HttpTypes } from "@medusajs/types"
import { Heading, Text } from "@medusajs/ui"

/** The order's payment, once there is one: how it was paid, and how much. */
const PaymentDetails = ({ order }: { order: HttpTypes.StoreOrder }) => {
  const payment = order.payment_collections?.[0]?.payments?.[0]
  if (!payment) return null
  return (
    <div className="flex flex-col gap-y-1">
      <Heading level="h2" className="text-3xl-regular">
        Payment
      </Heading>
      <Text
        className="txt-medium text-ui-fg-subtle"
        data-testid="payment-method"
      >
        {paymentInfoMap[payment.provider_id].title}
      </Text>
      <Text className="txt-medium text-ui-fg-subtle">
        {convertToLocale({
          amount: payment.amount,
          currency_code: order.currency_code,
        })}
      </Text>
    </div>
  )
}

export default PaymentDetails
