import AcquiringReturn from "@modules/checkout/components/acquiring-return"

export const dynamic = "force-dynamic"

// Nothing here reads the cart cookie: the way back from the acquirer does not carry it.
export default function CheckoutReturn() {
  return <AcquiringReturn />
}
