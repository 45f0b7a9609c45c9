import { StatusBadge } from "@medusajs/ui"
import type { PayoutStatus } from "../../../lib/payouts-api"

const LOOK: Record<
  PayoutStatus,
  { color: "green" | "red" | "orange" | "grey"; label: string }
> = {
  COMPLETED: { color: "green", label: "Completed" },
  FAILED: { color: "red", label: "Failed" },
  PENDING: { color: "orange", label: "Pending" },
  sending: { color: "grey", label: "Sending" },
  unknown: { color: "grey", label: "Awaiting confirmation" },
}

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const look = LOOK[status] ?? { color: "grey", label: status }
  return (
    <StatusBadge color={look.color} data-testid="payout-status">
      {look.label}
    </StatusBadge>
  )
}
