import type { ReactNode } from "react"

export const paymentInfoMap: Record<
  string,
  { title: string; icon: ReactNode }
> = {}
export const isStripeLike = (providerId?: string) =>
  providerId?.startsWith("pp_stripe_") ?? false
export const isPaypal = (providerId?: string) =>
  providerId?.startsWith("pp_paypal") ?? false
export const isManual = (providerId?: string) =>
  providerId?.startsWith("pp_system_default") ?? false
// the guide's step 3
export const isAcquiringCard = (providerId?: string) =>
  providerId === "pp_acquiring-card_acquiring"
export const isAcquiringHosted = (providerId?: string) =>
  providerId === "pp_acquiring-hosted_acquiring"
