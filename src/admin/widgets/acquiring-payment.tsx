/**
 * Order details: the acquiring transaction behind each payment, with
 * release / reject buttons while the acquirer holds it for risk review.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Badge, Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useCallback, useEffect, useState } from "react"

type AcquiringData = {
  transaction_id?: string
  order_no?: string
  status?: string
  order_status?: string
  card_masked?: string
  amount?: string
  currency?: string
  result?: { code?: string; text?: string }
  three_ds?: { result?: string }
  risk?: { action?: string; score?: string }
  refunds?: { refund_reference_id: string; amount: string }[]
  review?: "held" | "released" | "rejected"
}

type Payment = {
  id: string
  provider_id: string
  canceled_at?: string | null
  data?: AcquiringData
}

const isAcquiring = (payment: Payment) =>
  /^pp_acquiring-(card|hosted)_/.test(payment.provider_id)
const isHeld = (data: AcquiringData) => data.review === "held"

async function loadPayments(orderId: string): Promise<Payment[]> {
  const fields = encodeURIComponent(
    "id,*payment_collections,*payment_collections.payments"
  )
  const res = await fetch(`/admin/orders/${orderId}?fields=${fields}`, {
    credentials: "include",
  })
  if (!res.ok) throw new Error(`loading the order failed (${res.status})`)
  const { order } = await res.json()
  const payments: Payment[] = (order.payment_collections ?? []).flatMap(
    (c: { payments?: Payment[] }) => c.payments ?? []
  )
  return payments.filter(isAcquiring)
}

function Row({ label, value }: { label: string; value?: string }) {
  if (!value) return null
  return (
    <div className="flex justify-between gap-x-4">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="small">{value}</Text>
    </div>
  )
}

const AcquiringPaymentWidget = ({ data: order }: { data: { id: string } }) => {
  const [payments, setPayments] = useState<Payment[]>([])
  const [busy, setBusy] = useState<string | null>(null)

  const refresh = useCallback(() => {
    loadPayments(order.id)
      .then(setPayments)
      .catch((e: Error) => toast.error(e.message))
  }, [order.id])
  useEffect(refresh, [refresh])

  const decide = async (payment: Payment, decision: "release" | "reject") => {
    setBusy(payment.id)
    try {
      const res = await fetch(
        `/admin/acquiring/payments/${payment.id}/review`,
        {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ decision }),
        }
      )
      const body = await res.json().catch(() => ({}))
      if (!res.ok)
        throw new Error(
          body.message ?? `the ${decision} failed (${res.status})`
        )
      toast.success(
        decision === "release"
          ? "Payment released"
          : "Payment rejected and voided"
      )
      refresh()
    } catch (e) {
      toast.error((e as Error).message)
    } finally {
      setBusy(null)
    }
  }

  if (payments.length === 0) return null
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Acquiring</Heading>
      </div>
      {payments.map((payment) => {
        const d = payment.data ?? {}
        const held = isHeld(d) && !payment.canceled_at
        return (
          <div key={payment.id} className="flex flex-col gap-y-2 px-6 py-4">
            <div className="flex items-center justify-between">
              <Text size="small" weight="plus">
                {d.transaction_id ?? "no transaction yet"}
              </Text>
              <Badge
                size="2xsmall"
                color={
                  held
                    ? "orange"
                    : d.status === "canceled" || d.status === "error"
                      ? "red"
                      : "green"
                }
              >
                {held ? "held for review" : (d.status ?? "unknown")}
              </Badge>
            </div>
            <Row label="Card" value={d.card_masked} />
            <Row
              label="Amount"
              value={
                d.amount && d.currency ? `${d.amount} ${d.currency}` : undefined
              }
            />
            <Row
              label="Result"
              value={
                d.result?.code
                  ? `${d.result.code}: ${d.result.text ?? ""}`
                  : undefined
              }
            />
            <Row label="3-D Secure" value={d.three_ds?.result} />
            <Row
              label="Risk"
              value={
                d.risk?.action
                  ? `${d.risk.action}${d.risk.score ? ` (score ${d.risk.score})` : ""}`
                  : undefined
              }
            />
            {(d.refunds ?? []).map((r) => (
              <Row
                key={r.refund_reference_id}
                label={`Refund ${r.refund_reference_id}`}
                value={`${r.amount} ${d.currency ?? ""}`}
              />
            ))}
            {held && (
              <div className="flex justify-end gap-x-2 pt-2">
                <Button
                  size="small"
                  variant="secondary"
                  isLoading={busy === payment.id}
                  onClick={() => decide(payment, "reject")}
                >
                  Reject
                </Button>
                <Button
                  size="small"
                  isLoading={busy === payment.id}
                  onClick={() => decide(payment, "release")}
                >
                  Release
                </Button>
              </div>
            )}
          </div>
        )
      })}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default AcquiringPaymentWidget
