/**
 * Requests refused on the order page, Medusa's own included (its refund
 * drawer flashes a toast, or nothing): the server's words, kept until the
 * merchant dismisses them.
 */
import { Button, Text } from "@medusajs/ui"
import type { PageRefusal } from "../../lib/order-money-watch"

const time = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })

export function PageRefusals({
  refusals,
  dismiss,
}: {
  refusals: PageRefusal[]
  dismiss: (id: number) => void
}) {
  if (!refusals.length) return null
  return (
    <section
      className="flex flex-col gap-y-2 px-6 py-4"
      aria-label="Refused on this page"
      data-testid="page-refusals"
    >
      {refusals.map((refusal) => (
        <div
          key={refusal.id}
          className="border-ui-tag-red-border bg-ui-tag-red-bg text-ui-tag-red-text flex items-start justify-between gap-x-2 rounded-lg border p-3"
          data-testid="page-refusal"
        >
          <Text size="small" role="alert">
            <span className="font-medium">Not done ({time(refusal.at)}):</span>{" "}
            {refusal.message}
          </Text>
          <Button
            size="small"
            variant="transparent"
            className="shrink-0"
            onClick={() => dismiss(refusal.id)}
            aria-label={`Dismiss: ${refusal.message}`}
          >
            Dismiss
          </Button>
        </div>
      ))}
    </section>
  )
}
