"use client"

import { initiatePaymentSession } from "@lib/data/cart"
import { collectDeviceData } from "medusa-payment-acquiring-storefront"
import { useRouter } from "next/navigation"
import { useState } from "react"

/** The payment step: the shopper picks a method; its session starts with the browser's device data. */
export default function PaymentChoice({
  providers,
}: {
  providers: { id: string; name: string }[]
}) {
  const router = useRouter()
  const [chosen, setChosen] = useState(providers[0]?.id ?? "")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await initiatePaymentSession(chosen, collectDeviceData())
      router.push("/checkout?step=review")
    } catch {
      setError("The payment could not be prepared. Please try again.")
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <h2 className="text-xl font-medium">Payment</h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Payment method</legend>
        {providers.map((p) => (
          <label key={p.id} className="flex items-center gap-2">
            <input
              type="radio"
              name="provider_id"
              value={p.id}
              checked={chosen === p.id}
              onChange={() => setChosen(p.id)}
            />
            {p.name}
          </label>
        ))}
      </fieldset>
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
