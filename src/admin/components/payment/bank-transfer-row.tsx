/**
 * A bank transfer of the order no payment stands on: still awaited (how
 * much, since when, until when the acquirer waits, and that it is not
 * owed), or ended without money (not received, voided). One that arrived
 * is a captured payment, shown by its payment card.
 */
import { Badge, Text } from "@medusajs/ui"
import type { OrderTransfer } from "../../hooks/payment-links/use-payment-links"
import { transferText } from "../../lib/transfer-text"
import { DetailRow } from "./detail-row"

export function BankTransferRow({ transfer }: { transfer: OrderTransfer }) {
  const text = transferText(transfer)
  return (
    <div
      className="flex flex-col gap-y-2 px-6 py-4"
      data-testid="bank-transfer"
      data-status={transfer.status}
    >
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          Hosted payment page
        </Text>
        <Badge size="2xsmall" color={text.badge.color}>
          {text.badge.label}
        </Badge>
      </div>
      <DetailRow label="Method" value={text.method} />
      <DetailRow label="Amount" value={text.amount} />
      {text.lines.map((line) => (
        <Text key={line} size="small" className="text-ui-fg-subtle">
          {line}
        </Text>
      ))}
    </div>
  )
}
