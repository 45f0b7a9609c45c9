"use client"

import { acquiringRequest } from "@lib/data/acquiring"
import { Text } from "@medusajs/ui"
import {
  watchPaymentMethods,
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
    // cards at once when the acquirer is slow, its own list when it is in;
    // an answer for the cart as it was before a change is dropped
    const watch = new AbortController()
    setFailed(false)
    watchPaymentMethods(
      acquiringRequest,
      cart.id,
      (found) => setMethods(found.payment_methods),
      { signal: watch.signal }
    ).catch(() => {
      if (!watch.signal.aborted) setFailed(true)
    })
    return () => watch.abort()
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
