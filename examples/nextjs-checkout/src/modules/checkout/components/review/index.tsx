"use client"

import { isAcquiringCard, isAcquiringHosted } from "@lib/constants"
import { HttpTypes } from "@medusajs/types"
import { payLabel } from "medusa-payment-acquiring-storefront/react"
import { Heading, Text, clx } from "@medusajs/ui"

import PaymentButton from "../payment-button"
import { useSearchParams } from "next/navigation"

/** The review step: what the shopper agrees to, and the button that pays. */
const Review = ({
  cart,
  customer,
}: {
  cart: any
  customer: HttpTypes.StoreCustomer | null
}) => {
  const providerId = cart.payment_collection?.payment_sessions?.[0]?.provider_id
  const button = isAcquiringCard(providerId)
    ? payLabel(cart)
    : isAcquiringHosted(providerId)
      ? "Place order and pay"
      : "Place order"
  const searchParams = useSearchParams()

  const isOpen = searchParams.get("step") === "review"

  const previousStepsCompleted =
    cart.shipping_address &&
    cart.shipping_methods.length > 0 &&
    cart.payment_collection

  return (
    <div className="bg-white">
      <Heading
        level="h2"
        className={clx("text-3xl-regular mb-6", {
          "pointer-events-none select-none opacity-50": !isOpen,
        })}
      >
        Review
      </Heading>
      {isOpen && previousStepsCompleted && (
        <>
          <div className="mb-6 w-full">
            <Text className="txt-medium-plus text-ui-fg-base mb-1">
              By clicking “{button}”, you confirm that you have
              accepted the shop&apos;s terms of sale.
            </Text>
          </div>
          <PaymentButton
            cart={cart}
            customer={customer}
            data-testid="submit-order-button"
          />
        </>
      )}
    </div>
  )
}

export default Review
