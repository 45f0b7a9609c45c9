"use client"

import { Heading, Text, clx } from "@medusajs/ui"

import PaymentButton from "../payment-button"
import { useSearchParams } from "next/navigation"

/** The review step: what the shopper agrees to, and the button that pays. */
const Review = ({ cart }: { cart: any }) => {
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
              By clicking the Place Order button, you confirm that you have
              accepted the shop&apos;s terms of sale.
            </Text>
          </div>
          <PaymentButton cart={cart} data-testid="submit-order-button" />
        </>
      )}
    </div>
  )
}

export default Review
