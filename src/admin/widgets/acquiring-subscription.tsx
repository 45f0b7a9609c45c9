/**
 * Order details: the subscription an acquiring payment started (contract,
 * recurring id, period, next deduction) and "Cancel subscription", with a
 * confirmation, while it is not cancelled.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import {
  Badge,
  Button,
  Container,
  Heading,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"

type Subscription = {
  contract_name?: string
  recurring_id?: string
  deduction_period?: string
  deduction_time?: string
  cancellation?: {
    state: "sent" | "unknown" | "cancelled" | "refused"
    at: string
    result?: { code: string; text: string }
  }
}

type Payment = {
  id: string
  provider_id: string
  data?: { subscription?: Subscription } | null
}

type Outcome = {
  outcome: "cancelled" | "unknown" | "refused"
  message: string
}

const isAcquiring = (payment: Payment) =>
  /^pp_acquiring-(card|hosted)_/.test(payment.provider_id)

const STATE: Record<
  string,
  { label: string; color: "green" | "orange" | "red" | "grey" }
> = {
  active: { label: "Active", color: "green" },
  cancelled: { label: "Cancelled", color: "grey" },
  unknown: { label: "Cancellation unconfirmed", color: "orange" },
  sent: { label: "Cancellation unconfirmed", color: "orange" },
  refused: { label: "Active (cancellation refused)", color: "red" },
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

const AcquiringSubscriptionWidget = ({
  data: order,
}: {
  data: { id: string }
}) => {
  const prompt = usePrompt()
  const queryClient = useQueryClient()
  const queryKey = ["acquiring-subscription", order.id]

  const payments = useQuery({
    queryKey,
    queryFn: async () => {
      const { order: loaded } = await sdk.client.fetch<{
        order: { payment_collections?: { payments?: Payment[] }[] }
      }>(`/admin/orders/${order.id}`, {
        query: {
          fields: "id,*payment_collections,*payment_collections.payments",
        },
      })
      return (loaded.payment_collections ?? [])
        .flatMap((c) => c.payments ?? [])
        .filter((p) => isAcquiring(p) && !!p.data?.subscription?.recurring_id)
    },
  })

  const cancel = useMutation({
    mutationFn: (paymentId: string) =>
      sdk.client.fetch<{ subscription_cancellation: Outcome }>(
        `/admin/acquiring/payments/${paymentId}/cancel-subscription`,
        { method: "POST", body: {} }
      ),
    onSuccess: ({ subscription_cancellation: done }) => {
      if (done.outcome === "cancelled") toast.success(done.message)
      else toast.warning(done.message)
      void queryClient.invalidateQueries({ queryKey })
    },
    onError: (error) =>
      toast.error(error instanceof Error ? error.message : "Cancelling failed"),
  })

  const confirmCancel = async (payment: Payment) => {
    const sub = payment.data?.subscription
    const ok = await prompt({
      title: "Cancel this subscription?",
      description: `The acquirer stops charging "${sub?.contract_name ?? "the subscription"}" (${sub?.recurring_id}). A cancelled subscription cannot be resumed.`,
      confirmText: "Cancel subscription",
      cancelText: "Keep it",
      // Medusa's danger button falls short of 4.5:1 contrast; the words carry the warning
      variant: "confirmation",
    })
    if (ok) cancel.mutate(payment.id)
  }

  if (!payments.data?.length) return null

  return (
    <Container className="divide-y p-0" data-acquiring-root="">
      <div className="px-6 py-4">
        <Heading level="h2">Subscription</Heading>
      </div>
      {payments.data.map((payment) => {
        const sub = payment.data?.subscription as Subscription
        const state = STATE[sub.cancellation?.state ?? "active"]
        const result = sub.cancellation?.result
        return (
          <div key={payment.id} className="flex flex-col gap-y-2 px-6 py-4">
            <div className="flex items-center justify-between">
              <Text size="small" weight="plus">
                {sub.contract_name}
              </Text>
              <Badge size="2xsmall" color={state.color}>
                {state.label}
              </Badge>
            </div>
            <Row label="Recurring id" value={sub.recurring_id} />
            <Row label="Period" value={sub.deduction_period} />
            <Row label="Next deduction" value={sub.deduction_time} />
            <Row
              label="Acquirer's answer"
              value={result ? `${result.code}:${result.text}` : undefined}
            />
            {sub.cancellation?.state !== "cancelled" && (
              <div className="flex justify-end pt-2">
                <Button
                  size="small"
                  variant="secondary"
                  isLoading={
                    cancel.isPending && cancel.variables === payment.id
                  }
                  onClick={() => void confirmCancel(payment)}
                >
                  Cancel subscription
                </Button>
              </div>
            )}
          </div>
        )
      })}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default AcquiringSubscriptionWidget
