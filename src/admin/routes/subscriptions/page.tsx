/**
 * Subscriptions: every subscription the store's shoppers started, where it
 * stands, the acquirer's next deduction, the renewal orders its deductions
 * made and the tries that failed, with Cancel. Prices, pauses and the
 * calendar are the acquirer's: changed in its portal, shown here as it
 * reports them.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowPath } from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  Heading,
  Table,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useState } from "react"
import { ListTable } from "../../components/list-table"
import { OffsetPagination } from "../../components/offset-pagination"
import { OrderLink } from "../../components/order-link"
import {
  useCancelSubscription,
  useSubscriptions,
} from "../../hooks/subscriptions/use-subscriptions"
import { amountText } from "../../lib/amount-text"
import {
  declineText,
  intervalText,
  STATUS_BADGE,
  type AdminSubscriptionView,
} from "../../lib/subscriptions-api"

const PAGE = 20
const COLUMNS = [
  "Subscription",
  "Status",
  "Price",
  "Next deduction",
  "Orders",
  "Failed tries",
  "Actions",
]

/** The first order, then the renewal orders its deductions made. */
function Orders({ subscription }: { subscription: AdminSubscriptionView }) {
  return (
    <span className="flex flex-col">
      <span>
        First <OrderLink order={subscription.first_order} />
      </span>
      <span className="flex flex-wrap gap-x-2">
        {subscription.renewals.length ? "Renewals" : "No renewal yet"}
        {subscription.renewals.map((order) => (
          <OrderLink key={order.id} order={order} />
        ))}
      </span>
    </span>
  )
}

function Row({
  subscription,
  onCancel,
  cancelling,
}: {
  subscription: AdminSubscriptionView
  onCancel: () => void
  cancelling: boolean
}) {
  const badge = STATUS_BADGE[subscription.status]
  const canCancel =
    subscription.status === "active" || subscription.status === "cancelling"
  return (
    <Table.Row data-testid="subscription-row">
      <Table.Cell className="py-2">
        <span className="flex flex-col">
          <span className="font-medium">
            {subscription.contract_name ?? "Subscription"}
          </span>
          <span className="text-ui-fg-subtle">{subscription.id}</span>
        </span>
      </Table.Cell>
      <Table.Cell>
        <Badge size="2xsmall" color={badge.color}>
          {badge.label}
        </Badge>
      </Table.Cell>
      <Table.Cell className="py-2">
        {subscription.amount && subscription.currency && (
          <span className="flex flex-col">
            <span className="whitespace-nowrap">
              {amountText(subscription.amount, subscription.currency)}
            </span>
            <span className="text-ui-fg-subtle">
              {intervalText(subscription)}
            </span>
          </span>
        )}
      </Table.Cell>
      <Table.Cell className="py-2">
        {subscription.next_deduction_at ? (
          <span className="flex flex-col">
            <span className="whitespace-nowrap">
              {subscription.next_deduction_at.slice(0, 10)}
            </span>
            <span className="text-ui-fg-subtle">
              {subscription.next_deduction_at.slice(11)}
            </span>
          </span>
        ) : (
          "—"
        )}
      </Table.Cell>
      <Table.Cell className="py-2">
        <Orders subscription={subscription} />
      </Table.Cell>
      <Table.Cell className="min-w-[140px] whitespace-normal py-2">
        <span className="flex flex-col">
          <span>{subscription.failed_tries}</span>
          {subscription.last_decline && (
            <span className="text-ui-fg-subtle">
              {declineText(subscription.last_decline)}
            </span>
          )}
        </span>
      </Table.Cell>
      <Table.Cell className="text-right">
        {canCancel && (
          <Button
            size="small"
            variant="secondary"
            isLoading={cancelling}
            onClick={onCancel}
            aria-label={`Cancel subscription ${subscription.id}`}
          >
            Cancel
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  )
}

const SubscriptionsPage = () => {
  const [offset, setOffset] = useState(0)
  const { data, isLoading, error } = useSubscriptions({ limit: PAGE, offset })
  const cancel = useCancelSubscription()
  const prompt = usePrompt()
  const count = data?.count ?? 0

  const confirmCancel = async (subscription: AdminSubscriptionView) => {
    const ok = await prompt({
      title: "Cancel this subscription?",
      description: `The acquirer stops charging "${subscription.contract_name ?? "the subscription"}" (${subscription.id}). Deductions already made stay made; a cancelled subscription cannot be resumed.`,
      confirmText: "Cancel subscription",
      cancelText: "Keep it",
      // Medusa's danger button falls short of 4.5:1 contrast; the words carry the warning
      variant: "confirmation",
    })
    if (!ok) return
    cancel.mutate(subscription.payment_id, {
      onSuccess: ({ subscription_cancellation: done }) =>
        done.outcome === "cancelled"
          ? toast.success(done.message)
          : toast.warning(done.message),
      onError: (e) => toast.error(`Cancelling failed: ${e.message}`),
    })
  }

  return (
    <Container className="divide-y p-0" data-acquiring-root="">
      <div className="px-6 py-4">
        <Heading level="h1">Subscriptions</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Each paid deduction becomes a renewal order with the first order's
          items and address. Price changes and pauses are made in the acquirer's
          merchant portal; this page shows what the acquirer reports.
        </Text>
      </div>
      {error ? (
        <Text size="small" role="alert" className="text-ui-fg-error px-6 py-4">
          The subscriptions could not be loaded: {error.message}
        </Text>
      ) : (
        <ListTable
          columns={COLUMNS}
          state={
            isLoading
              ? "Loading subscriptions…"
              : count === 0
                ? "No subscriptions yet: none of the store's shoppers has subscribed"
                : undefined
          }
        >
          {(data?.subscriptions ?? []).map((subscription) => (
            <Row
              key={subscription.id}
              subscription={subscription}
              cancelling={
                cancel.isPending && cancel.variables === subscription.payment_id
              }
              onCancel={() => void confirmCancel(subscription)}
            />
          ))}
        </ListTable>
      )}
      <OffsetPagination
        count={count}
        pageSize={PAGE}
        offset={offset}
        onOffset={setOffset}
      />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Subscriptions",
  icon: ArrowPath,
})

/** The dashboard's breadcrumb (it reads each route's handle.breadcrumb). */
export const handle = {
  breadcrumb: () => "Subscriptions",
}

export default SubscriptionsPage
