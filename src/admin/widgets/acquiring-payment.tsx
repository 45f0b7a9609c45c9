/**
 * Order details: the acquiring payments of the order, kept live with React
 * Query (refetched when Medusa's own payment actions finish, on return to
 * the tab, and every few seconds while something may change without this
 * page: lib/order-money-watch.ts), and its payment links, also on an order
 * paid otherwise that owes money after an edit. When what it reads of the
 * order's money changes, Medusa's own cards are refreshed with it.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { useMutationState } from "@tanstack/react-query"
import type { DetailWidgetProps, AdminOrder } from "@medusajs/framework/types"
import { Container, Heading } from "@medusajs/ui"
import { ConfigurationFaultsBanner } from "../components/configuration-faults-banner"
import {
  hasInstanceHealthNews,
  InstanceHealthBanner,
} from "../components/instance-health-banner"
import { AcquiringPaymentCard } from "../components/payment/acquiring-payment-card"
import { PaymentLinksSection } from "../components/payment-links/payment-links-section"
import { useAcquiringSettings } from "../hooks/settings/use-acquiring-settings"
import { useOrderPaymentIds } from "../hooks/payments/use-order-payment-ids"
import { useAwaitedTransfers } from "../hooks/payments/use-awaited-transfers"
import { AwaitedTransferRow } from "../components/payment/awaited-transfer-row"
import {
  createLinkKey,
  usePaymentLinks,
} from "../hooks/payment-links/use-payment-links"
import { useRefreshOrderOnChange } from "../hooks/payments/use-refresh-order-on-change"
import { linksMoneyState } from "../lib/order-money-watch"
import { hasLinksToShow } from "../lib/payment-link-balance"

const AcquiringPaymentWidget = ({
  data: order,
}: DetailWidgetProps<AdminOrder>) => {
  const { data: paymentIds = [] } = useOrderPaymentIds(order.id)
  // made into an order while a bank transfer is awaited: no payment yet
  const { data: awaited = [] } = useAwaitedTransfers(order.id)
  // why payments are refused shows here too: a settings-key fault also stops this order's captures and refunds
  const { data: settings } = useAcquiringSettings()
  // an order paid otherwise that owes after an edit can still be sent a link
  const { data: links } = usePaymentLinks(order.id)
  // a link paid, or what the order owes changed: Medusa's own cards are stale too
  useRefreshOrderOnChange(order.id, links && linksMoneyState(links))
  // a refused link stays told, even once the order owes nothing
  const linkRefused =
    useMutationState({
      filters: { mutationKey: createLinkKey(order.id), status: "error" },
    }).length > 0
  if (
    paymentIds.length === 0 &&
    awaited.length === 0 &&
    !hasLinksToShow(links) &&
    !linkRefused
  )
    return null
  return (
    <Container
      className="divide-y p-0"
      data-testid="acquiring-widget"
      data-acquiring-root=""
    >
      <div className="px-6 py-4">
        <Heading level="h2">Acquiring</Heading>
      </div>
      {settings?.faults.length ? (
        <div className="px-6 py-4">
          <ConfigurationFaultsBanner faults={settings.faults} />
        </div>
      ) : null}
      {settings && hasInstanceHealthNews(settings) ? (
        <div className="px-6 py-4">
          <InstanceHealthBanner settings={settings} />
        </div>
      ) : null}
      {awaited.map((transfer) => (
        <AwaitedTransferRow key={transfer.id} transfer={transfer} />
      ))}
      {paymentIds.map((id) => (
        <AcquiringPaymentCard key={id} orderId={order.id} paymentId={id} />
      ))}
      <PaymentLinksSection
        orderId={order.id}
        email={order.email}
        displayId={order.display_id}
      />
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default AcquiringPaymentWidget
