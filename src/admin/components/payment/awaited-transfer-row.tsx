/** An order made while its bank transfer is awaited: nothing is paid yet, and the page says since when. */
import { Badge, Text } from "@medusajs/ui"
import type { AwaitedTransfer } from "../../hooks/payments/use-awaited-transfers"
import { paymentMethodText } from "../../lib/payment-method-text"
import { DetailRow } from "./detail-row"

export function AwaitedTransferRow({
  transfer,
}: {
  transfer: AwaitedTransfer
}) {
  return (
    <div
      className="flex flex-col gap-y-2 px-6 py-4"
      data-testid="awaited-transfer"
    >
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          Hosted payment page
        </Text>
        <Badge size="2xsmall" color="orange">
          Awaiting transfer
        </Badge>
      </div>
      <DetailRow
        label="Method"
        value={paymentMethodText(
          typeof transfer.data?.payment_method === "string"
            ? transfer.data.payment_method
            : "BANK_TRANSFER",
          transfer.created_at ? String(transfer.created_at) : undefined
        )}
      />
      <DetailRow
        label="Amount"
        value={`${transfer.amount} ${transfer.currency_code.toUpperCase()}`}
      />
      <Text size="small" className="text-ui-fg-subtle">
        Nothing is charged until the money arrives; the order is paid then, or
        cancelled if the transfer does not arrive in time.
      </Text>
    </div>
  )
}
