"use client"

import { isAcquiring, isStripeLike, paymentInfoMap } from "@lib/constants"
import AcquiringMethods from "@modules/checkout/components/acquiring-methods"
import {
  collectDeviceData,
  type PaymentMethod,
} from "medusa-payment-acquiring-storefront"
import { ENGLISH_MESSAGES } from "medusa-payment-acquiring-storefront/messages/en"

// "Bank transfer" for a session's BANK_TRANSFER ("" for a code the kit does not know)
const methodName = (code?: string) =>
  ENGLISH_MESSAGES.paymentMethodName(code ?? "")
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
  // the acquirer's method (a card, a wallet, a bank transfer …) chosen in
  // the list of AcquiringMethods; its provider is selectedPaymentMethod
  const [acquiringMethod, setAcquiringMethod] = useState<PaymentMethod>()
  const otherProviders = availablePaymentMethods.filter(
    (provider) => !isAcquiring(provider.id)
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
      const method = isAcquiring(selectedPaymentMethod)
        ? acquiringMethod
        : undefined
      const checkActiveSession =
        activeSession?.provider_id === selectedPaymentMethod &&
        (!method || activeSession?.data?.payment_method === method.code)

      if (!checkActiveSession) {
        await initiatePaymentSession(cart, {
          provider_id: selectedPaymentMethod,
          ...(method
            ? {
                data: {
                  device: collectDeviceData(),
                  payment_method: method.code,
                },
              }
            : {}),
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
        {!paidByGiftcard && (
          <AcquiringMethods
            cart={cart}
            value={
              isAcquiring(selectedPaymentMethod)
                ? (acquiringMethod?.code ?? activeSession?.data?.payment_method)
                : undefined
            }
            onChange={(method) => {
              setError(null)
              setAcquiringMethod(method)
              setSelectedPaymentMethod(method.provider_id)
            }}
          />
        )}
        {!paidByGiftcard && otherProviders.length > 0 && (
          <fieldset className="mb-4 flex flex-col gap-y-2">
            <legend className="txt-medium-plus mb-1">Payment provider</legend>
            {otherProviders.map((paymentMethod) => (
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
                  {acquiringMethod?.display_name ||
                    methodName(activeSession?.data?.payment_method) ||
                    paymentInfoMap[activeSession?.provider_id]?.title ||
                    activeSession?.provider_id}
          </Text>
        ) : null}
      </div>
    </div>
  )
}

export default Payment
