"use client"

import { isStripeLike, paymentInfoMap } from "@lib/constants"
import { initiatePaymentSession } from "@lib/data/cart"
import { CheckCircleSolid } from "@medusajs/icons"
import { Button, Heading, Text, clx } from "@medusajs/ui"
import ErrorMessage from "@modules/checkout/components/error-message"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { useEffect, useState } from "react"

/**
 * The payment step: the region's payment providers; continuing starts the
 * chosen provider's session (the cart's other sessions go) and opens the
 * review.
 */
const Payment = ({
  cart,
  availablePaymentMethods,
}: {
  cart: any
  availablePaymentMethods: any[]
}) => {
  const activeSession = cart.payment_collection?.payment_sessions?.find(
    (paymentSession: any) => paymentSession.status === "pending"
  )

  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [selectedPaymentMethod, setSelectedPaymentMethod] = useState(
    activeSession?.provider_id ?? ""
  )

  const searchParams = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()

  const isOpen = searchParams.get("step") === "payment"

  const setPaymentMethod = (method: string) => {
    setError(null)
    setSelectedPaymentMethod(method)
  }

  const paidByGiftcard =
    cart?.gift_cards && cart?.gift_cards?.length > 0 && cart?.total === 0

  const paymentReady =
    (activeSession && cart?.shipping_methods.length !== 0) || paidByGiftcard

  const handleEdit = () => {
    router.push(`${pathname}?step=payment`, { scroll: false })
  }

  const handleSubmit = async () => {
    setIsLoading(true)
    try {
      const checkActiveSession =
        activeSession?.provider_id === selectedPaymentMethod

      if (!checkActiveSession) {
        await initiatePaymentSession(cart, {
          provider_id: selectedPaymentMethod,
        })
      }

      return router.push(`${pathname}?step=review`, { scroll: false })
    } catch (err: any) {
      setError(err.message)
    } finally {
      setIsLoading(false)
    }
  }

  useEffect(() => {
    setError(null)
  }, [isOpen])

  return (
    <div className="bg-white">
      <div className="mb-6 flex flex-row items-center justify-between">
        <Heading
          level="h2"
          className={clx(
            "text-3xl-regular flex flex-row items-baseline gap-x-2",
            {
              "pointer-events-none select-none opacity-50":
                !isOpen && !paymentReady,
            }
          )}
        >
          Payment
          {!isOpen && paymentReady && <CheckCircleSolid />}
        </Heading>
        {!isOpen && paymentReady && (
          <Text>
            <button
              onClick={handleEdit}
              className="text-ui-fg-base underline"
              data-testid="edit-payment-button"
            >
              Edit
            </button>
          </Text>
        )}
      </div>
      <div className={isOpen ? "block" : "hidden"}>
        {!paidByGiftcard && availablePaymentMethods?.length && (
          <fieldset className="mb-4 flex flex-col gap-y-2">
            <legend className="txt-medium-plus mb-1">Payment provider</legend>
            {availablePaymentMethods.map((paymentMethod) => (
              <label
                key={paymentMethod.id}
                className="flex items-center gap-x-2 rounded-rounded border px-4 py-3"
              >
                <input
                  type="radio"
                  name="payment-provider"
                  value={paymentMethod.id}
                  checked={selectedPaymentMethod === paymentMethod.id}
                  onChange={() => setPaymentMethod(paymentMethod.id)}
                />
                {paymentInfoMap[paymentMethod.id]?.title || paymentMethod.id}
                {isStripeLike(paymentMethod.id) && " (not set up in this shop)"}
              </label>
            ))}
          </fieldset>
        )}

        <ErrorMessage
          error={error}
          data-testid="payment-method-error-message"
        />

        <Button
          size="large"
          className="mt-6"
          onClick={handleSubmit}
          isLoading={isLoading}
          disabled={!selectedPaymentMethod && !paidByGiftcard}
          data-testid="submit-payment-button"
        >
          Continue to review
        </Button>
      </div>
      <div className={isOpen ? "hidden" : "block"}>
        {paymentReady && activeSession ? (
          <Text
            className="txt-medium text-ui-fg-subtle"
            data-testid="payment-method-summary"
          >
            {paymentInfoMap[activeSession?.provider_id]?.title ||
              activeSession?.provider_id}
          </Text>
        ) : null}
      </div>
    </div>
  )
}

export default Payment
