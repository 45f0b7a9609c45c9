"use client"

import { acquiringRequest } from "@lib/data/acquiring"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import {
  cancelSubscription,
  type Subscription,
} from "medusa-payment-acquiring-storefront"
import { useState } from "react"

const STATUS: Record<Subscription["status"], string> = {
  active: "Active",
  cancelling: "Cancelling",
  cancelled: "Cancelled",
  ended: "Ended",
}

const DECLINE: Record<string, string> = {
  declined: "The last charge was declined; the shop tries again.",
  card_lapsed:
    "Your card can no longer be charged. Pay by the link we e-mailed you, with another card, to continue.",
  ended: "It ended after the charges were declined.",
}

// "15.00 USD every 1 month": the amount as the store sends it, never a float
const price = (s: Subscription) =>
  `${s.amount} ${s.currency} every ${s.interval_count} ${s.interval}`

const orderLink = (order: { id: string; display_id: number | null }) => (
  <LocalizedClientLink
    href={`/account/orders/details/${order.id}`}
    className="underline"
  >
    #{order.display_id}
  </LocalizedClientLink>
)

export default function AcquiringSubscriptions({
  subscriptions,
}: {
  subscriptions: Subscription[]
}) {
  const [shown, setShown] = useState(subscriptions)
  const [busy, setBusy] = useState<string | null>(null)
  const [messages, setMessages] = useState<Record<string, string>>({})

  async function cancel(id: string) {
    setBusy(id)
    // POST /store/acquiring/subscriptions/:id/cancel
    const result = await cancelSubscription(acquiringRequest, id).catch(
      () => ({ kind: "failed" as const, message: "Please try again." })
    )
    if ("subscription" in result)
      setShown((all) => all.map((s) => (s.id === id ? result.subscription : s)))
    setMessages((all) => ({ ...all, [id]: result.message }))
    setBusy(null)
  }

  if (shown.length === 0)
    return <Text data-testid="no-subscriptions">You have no subscriptions.</Text>

  return (
    <ul className="flex flex-col gap-y-4">
      {shown.map((s) => (
        <li key={s.id}>
          <Container
            className="flex flex-col gap-y-2"
            data-testid="subscription"
            aria-labelledby={`subscription-${s.id}`}
            role="group"
          >
            <Heading level="h2" id={`subscription-${s.id}`}>
              {s.contract_name ?? "Subscription"}
            </Heading>
            <Text>{price(s)}</Text>
            <Text>
              Status:{" "}
              <span data-testid="subscription-status">{STATUS[s.status]}</span>
            </Text>
            {s.next_deduction_at && (
              <Text>Next charge: {s.next_deduction_at.slice(0, 10)}</Text>
            )}
            <Text>
              First order {orderLink(s.first_order)}
              {s.renewals.length > 0 && (
                <>
                  {"; renewals "}
                  {s.renewals.map((r, i) => (
                    <span key={r.id}>
                      {i > 0 && ", "}
                      {orderLink(r)}
                    </span>
                  ))}
                </>
              )}
            </Text>
            {s.last_decline && <Text>{DECLINE[s.last_decline.reason]}</Text>}
            {(s.status === "active" || s.status === "cancelling") && (
              <Button
                variant="secondary"
                className="self-start"
                isLoading={busy === s.id}
                onClick={() => cancel(s.id)}
              >
                Cancel subscription
              </Button>
            )}
            <Text role="status">{messages[s.id] ?? ""}</Text>
          </Container>
        </li>
      ))}
    </ul>
  )
}
