import { CreditCard } from "@medusajs/icons"
import React from "react"

/* Payment providers by id: what the shopper sees for each. */
export const paymentInfoMap: Record<
  string,
  { title: string; icon: React.JSX.Element }
> = {
  pp_system_default: { title: "Manual payment", icon: <CreditCard /> },
  // Add more payment providers here
}

/** Stripe's card providers (the shell has none configured). */
export const isStripeLike = (providerId?: string) =>
  providerId?.startsWith("pp_stripe_") || providerId?.startsWith("pp_medusa-")

export const isPaypal = (providerId?: string) => {
  return providerId?.startsWith("pp_paypal")
}

export const isManual = (providerId?: string) =>
  providerId?.startsWith("pp_system_default")
