/**
 * A payment's chargebacks in the order widget: each open one in a red
 * block (what is withheld, why, the day to respond by in the acquirer's
 * merchant portal), decided ones listed plainly below it.
 */
import { Text } from "@medusajs/ui"
import type { AcquiringChargebackView } from "../../lib/chargebacks-api"
import { chargebackLine, respondByUrgency } from "../../lib/chargeback-text"

export function PaymentChargebacks({
  chargebacks = [],
}: {
  chargebacks?: AcquiringChargebackView[]
}) {
  if (!chargebacks.length) return null
  const open = chargebacks.filter((c) => c.status === "OPEN")
  const decided = chargebacks.filter((c) => c.status !== "OPEN")
  return (
    <>
      {open.length > 0 && (
        <section
          aria-label="Open chargebacks"
          className="border-ui-tag-red-border bg-ui-tag-red-bg text-ui-tag-red-text flex flex-col gap-y-2 rounded-lg border p-3"
          data-testid="open-chargebacks"
        >
          {open.map((c) => {
            const urgency = respondByUrgency(c)
            return (
              <div key={c.id} data-testid="open-chargeback">
                <Text size="small" weight="plus">
                  {chargebackLine(c)}
                  {urgency && ` (${urgency.text})`}
                </Text>
                <Text size="small">Chargeback {c.reference}</Text>
              </div>
            )
          })}
          <Text size="small">
            Refunds of this payment, and cancelling its order, are refused until{" "}
            {open.length === 1 ? "it is" : "they are"} decided.
          </Text>
        </section>
      )}
      {decided.map((c) => (
        <div key={c.id} data-testid="decided-chargeback">
          <Text size="small">{chargebackLine(c)}</Text>
          <Text size="small" className="text-ui-fg-subtle">
            Chargeback {c.reference}
          </Text>
        </div>
      ))}
    </>
  )
}
