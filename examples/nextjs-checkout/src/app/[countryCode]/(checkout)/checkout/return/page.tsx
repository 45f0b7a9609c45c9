import AcquiringReturn from "@modules/checkout/components/acquiring-return"
import { Metadata } from "next"

export const metadata: Metadata = {
  title: "Payment",
}

export default function CheckoutReturn() {
  return (
    <div className="content-container py-12">
      <AcquiringReturn />
    </div>
  )
}
