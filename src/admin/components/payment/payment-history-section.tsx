/**
 * A payment's history in the order widget, closed until asked for: where
 * the payment stands in a sentence, then every request, notification, job
 * and admin action, oldest first.
 */
import { ChevronDownMini, ChevronRightMini } from "@medusajs/icons"
import { Badge, Button, Text } from "@medusajs/ui"
import { useId, useState } from "react"
import { usePaymentHistory } from "../../hooks/payments/use-payment-history"
import { historyEntryView } from "../../lib/payment-history-text"

export function PaymentHistorySection({
  orderId,
  paymentId,
  paymentReadAt,
}: {
  orderId: string
  paymentId: string
  /** when the payment was last answered: the history is asked again with it */
  paymentReadAt: number
}) {
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  const { data, error, isLoading } = usePaymentHistory(orderId, paymentId, {
    open,
    paymentReadAt,
  })
  return (
    <div className="flex flex-col gap-y-2" data-testid="payment-history">
      <div>
        <Button
          size="small"
          variant="transparent"
          className="-ml-2"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <ChevronDownMini /> : <ChevronRightMini />}
          History
        </Button>
      </div>
      {open && (
        <div id={bodyId} className="flex flex-col gap-y-3">
          {isLoading && (
            <Text size="small" className="text-ui-fg-subtle">
              Loading the history…
            </Text>
          )}
          {!data && error && (
            <Text size="small" className="text-ui-fg-error" role="alert">
              The history could not be loaded: {error.message}
            </Text>
          )}
          {data && (
            <>
              <Text
                size="small"
                weight="plus"
                className="bg-ui-bg-subtle rounded-md p-2"
                data-testid="payment-verdict"
              >
                {data.verdict}
              </Text>
              {data.entries.length === 0 ? (
                <Text size="small" className="text-ui-fg-subtle">
                  Nothing recorded for this payment yet
                </Text>
              ) : (
                <ol className="flex flex-col gap-y-3" aria-label="History">
                  {data.entries.map((entry, i) => {
                    const view = historyEntryView(entry)
                    return (
                      <li
                        key={`${entry.at}-${i}`}
                        className="border-ui-border-base flex flex-col gap-y-0.5 border-l-2 pl-3"
                        data-testid="history-entry"
                      >
                        <div className="flex items-center justify-between gap-x-2">
                          <Text size="xsmall" className="text-ui-fg-subtle">
                            <time dateTime={entry.at}>{view.when}</time>
                          </Text>
                          <Badge size="2xsmall" color={view.tone}>
                            {view.outcome}
                          </Badge>
                        </div>
                        <Text size="small" weight="plus">
                          {view.what}
                        </Text>
                        <Text size="small" className="text-ui-fg-subtle">
                          {view.summary}
                        </Text>
                        {(view.amount || view.duration) && (
                          <Text size="xsmall" className="text-ui-fg-subtle">
                            {[
                              view.amount,
                              view.duration && `took ${view.duration}`,
                            ]
                              .filter(Boolean)
                              .join(" · ")}
                          </Text>
                        )}
                      </li>
                    )
                  })}
                </ol>
              )}
            </>
          )}
        </div>
      )}
    </div>
  )
}
