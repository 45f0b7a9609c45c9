import { convertToLocale } from "@lib/util/money"
import { HttpTypes } from "@medusajs/types"
import { Heading, Text } from "@medusajs/ui"

/** The cart beside the checkout: its lines and what it costs. */
export default function CheckoutSummary({
  cart,
}: {
  cart: HttpTypes.StoreCart
}) {
  const money = (amount: number | undefined) =>
    convertToLocale({ amount, currency_code: cart.currency_code })
  return (
    <aside className="flex flex-col gap-y-2">
      <Heading level="h2" className="text-3xl-regular">
        In your cart
      </Heading>
      <ul>
        {(cart.items ?? []).map((item) => (
          <li key={item.id} className="txt-medium text-ui-fg-subtle">
            {item.quantity} × {item.product_title ?? item.title},{" "}
            {money(item.unit_price)}
          </li>
        ))}
      </ul>
      <Text className="txt-medium-plus" data-testid="cart-total">
        Total: {money(cart.total)}
      </Text>
    </aside>
  )
}
