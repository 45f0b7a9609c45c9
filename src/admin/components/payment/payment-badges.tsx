import { Badge, StatusBadge } from "@medusajs/ui"
import type { AcquiringPayment } from "../../lib/payment-api"

type Color = "green" | "red" | "orange" | "blue" | "grey"

function statusOf(payment: AcquiringPayment): { label: string; color: Color } {
  if (payment.review === "held" && !payment.canceled_at)
    return { label: "Held for review", color: "orange" }
  if (payment.void_pending) return { label: "Void pending", color: "orange" }
  if (payment.confirming) return { label: "Confirming", color: "blue" }
  switch (payment.status) {
    case "captured":
      return { label: "Captured", color: "green" }
    case "authorized":
      return { label: "Authorized", color: "blue" }
    case "canceled":
      return { label: "Voided", color: "red" }
    case "error":
      return { label: "Declined", color: "red" }
    case "requires_more":
      return { label: "Awaiting 3-D Secure", color: "orange" }
    default:
      return { label: "Pending", color: "grey" }
  }
}

export function PaymentBadges({ payment }: { payment: AcquiringPayment }) {
  const status = statusOf(payment)
  return (
    <div className="flex items-center gap-x-2">
      {payment.account.mode === "test" && (
        <Badge size="2xsmall" color="orange">
          Test
        </Badge>
      )}
      <StatusBadge color={status.color}>{status.label}</StatusBadge>
    </div>
  )
}
