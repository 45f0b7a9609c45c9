"use client"

import { initiatePaymentSession } from "@lib/data/cart"
import {
  collectDeviceData,
  type PaymentMethod,
} from "medusa-payment-acquiring-storefront"
import { PaymentMethodList } from "medusa-payment-acquiring-storefront/react"
import { useRouter } from "next/navigation"
import { useState } from "react"

/**
 * The payment step: the methods the acquirer offers for this cart, in its
 * order. The chosen method's session starts with the browser's device data
 * and the method's code: a card of the card provider is then typed in the
 * store's card form, any other method is paid on the acquirer's page, which
 * opens on it.
 */
export default function PaymentChoice({
  methods,
}: {
  methods: PaymentMethod[]
}) {
  const router = useRouter()
  const [chosen, setChosen] = useState<PaymentMethod | undefined>(methods[0])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    if (!chosen) return
    setBusy(true)
    setError(undefined)
    try {
      const refused = await initiatePaymentSession(
        chosen.provider_id,
        collectDeviceData(),
        chosen.code
      )
      if (!refused) return router.push("/checkout?step=review")
    } catch {
      // the server action could not be reached
    }
    setError("The payment could not be prepared. Please try again.")
    setBusy(false)
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <h2 className="text-xl font-medium">Payment</h2>
      {methods.length ? (
        <PaymentMethodList
          methods={methods}
          value={chosen?.code}
          onChange={setChosen}
          disabled={busy}
        />
      ) : (
        <p>No payment method is available for this cart.</p>
      )}
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || !chosen}
        className="rounded bg-gray-900 px-4 py-2 text-white disabled:opacity-60"
      >
        Continue to review
      </button>
    </form>
  )
}
