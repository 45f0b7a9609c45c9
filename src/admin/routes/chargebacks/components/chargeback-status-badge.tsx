import { StatusBadge } from "@medusajs/ui"
import type { ChargebackState } from "../../../lib/chargebacks-api"

const LOOK: Record<
  ChargebackState,
  { color: "red" | "green" | "grey"; label: string }
> = {
  OPEN: { color: "red", label: "Open" },
  WON: { color: "green", label: "Won" },
  LOST: { color: "grey", label: "Lost" },
}

export function ChargebackStatusBadge({ status }: { status: ChargebackState }) {
  const look = LOOK[status] ?? { color: "grey", label: status }
  return (
    <StatusBadge color={look.color} data-testid="chargeback-status">
      {look.label}
    </StatusBadge>
  )
}
