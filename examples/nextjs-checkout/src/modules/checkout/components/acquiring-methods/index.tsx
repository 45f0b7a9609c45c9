"use client"

import { acquiringRequest } from "@lib/data/acquiring"
import { Text } from "@medusajs/ui"
import {
  listPaymentMethods,
  type PaymentMethod,
} from "medusa-payment-acquiring-storefront"
import { PaymentMethodList } from "medusa-payment-acquiring-storefront/react"
import { useEffect, useState } from "react"

export default function AcquiringMethods({
  cart,
  value,
  onChange,
}: {
  cart: { id: string; total?: number; email?: string | null }
  value?: string // the chosen method's code
  onChange: (method: PaymentMethod) => void
}) {
  const [methods, setMethods] = useState<PaymentMethod[]>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    listPaymentMethods(acquiringRequest, cart.id).then(
      (found) => {
        setFailed(false)
        setMethods(found.payment_methods)
      },
      () => setFailed(true)
    )
  }, [cart.id, cart.total, cart.email])
  if (failed)
    return (
      <Text role="alert" className="text-small-regular text-rose-500">
        The payment methods could not be loaded. Please reload the page.
      </Text>
    )
  if (!methods)
    return (
      <Text role="status" className="txt-medium text-ui-fg-subtle">
        Loading the payment methods…
      </Text>
    )
  return (
    <PaymentMethodList
      className="acquiring-payment-methods mb-4"
      methods={methods}
      value={value}
      onChange={onChange}
    />
  )
}
