import { acquiringRequest } from "@lib/data/acquiring"
import AcquiringSubscriptions from "@modules/account/components/acquiring-subscriptions"
import { listSubscriptions } from "medusa-payment-acquiring-storefront"
import { Metadata } from "next"

export const metadata: Metadata = {
  title: "Subscriptions",
  description: "What you subscribed to, its next charge and its orders.",
}

export default async function Subscriptions() {
  // GET /store/acquiring/subscriptions with the customer's token
  const subscriptions = await listSubscriptions(acquiringRequest)

  return (
    <div className="w-full" data-testid="subscriptions-page-wrapper">
      <div className="mb-8 flex flex-col gap-y-4">
        <h1 className="text-2xl-semi">Subscriptions</h1>
        <p className="text-base-regular">
          What you subscribed to, when it is charged next and the orders it
          made. A price change or a pause is arranged with the shop.
        </p>
      </div>
      <AcquiringSubscriptions subscriptions={subscriptions} />
    </div>
  )
}
