"use client"

import { setShippingMethod } from "@lib/data/cart"
import { convertToLocale } from "@lib/util/money"
import { HttpTypes } from "@medusajs/types"
import { Button, Heading, Text } from "@medusajs/ui"
import ErrorMessage from "@modules/checkout/components/error-message"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { useState } from "react"

/** The delivery step: one of the cart's shipping options. */
const Shipping = ({
  cart,
  availableShippingMethods,
}: {
  cart: HttpTypes.StoreCart
  availableShippingMethods: HttpTypes.StoreCartShippingOption[]
}) => {
  const router = useRouter()
  const pathname = usePathname()
  const isOpen = useSearchParams().get("step") === "delivery"
  const [chosen, setChosen] = useState(
    cart.shipping_methods?.[0]?.shipping_option_id ??
      availableShippingMethods[0]?.id
  )
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const handleSubmit = async () => {
    if (!chosen) return
    setIsLoading(true)
    try {
      await setShippingMethod({ cartId: cart.id, shippingMethodId: chosen })
      router.push(`${pathname}?step=payment`, { scroll: false })
    } catch (err: any) {
      setError(err.message)
      setIsLoading(false)
    }
  }

  return (
    <div className="bg-white">
      <Heading level="h2" className="text-3xl-regular mb-6">
        Delivery
      </Heading>
      {isOpen ? (
        <div className="flex flex-col gap-y-4">
          <fieldset className="flex flex-col gap-y-2">
            <legend className="sr-only">Shipping method</legend>
            {availableShippingMethods.map((option) => (
              <label key={option.id} className="flex items-center gap-x-2">
                <input
                  type="radio"
                  name="shipping-option"
                  value={option.id}
                  checked={chosen === option.id}
                  onChange={() => setChosen(option.id)}
                />
                {option.name} (
                {convertToLocale({
                  amount: option.amount,
                  currency_code: cart.currency_code,
                })}
                )
              </label>
            ))}
          </fieldset>
          <ErrorMessage error={error} />
          <Button
            size="large"
            className="self-start"
            onClick={handleSubmit}
            isLoading={isLoading}
            disabled={!chosen}
          >
            Continue to payment
          </Button>
        </div>
      ) : cart.shipping_methods?.length ? (
        <Text className="txt-medium text-ui-fg-subtle">
          {cart.shipping_methods[0].name}
        </Text>
      ) : null}
    </div>
  )
}

export default Shipping
