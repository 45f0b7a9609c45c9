/**
 * Order details: the acquiring payments of the order, its bank transfers
 * without a payment (awaited, or ended unpaid) and its payment links, also
 * on an order paid otherwise that owes money after an edit. The page stays
 * true to the money without a reload: while the tab is visible the widget
 * asks whether the order's money changed and then refreshes Medusa's own
 * cards with its own (hooks/payments/use-order-money-watch.ts); and what
 * the server refused on this page, in Medusa's drawers too, stays here in
 * words (use-page-refusals.ts).
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
import { BankTransferRow } from "../components/payment/bank-transfer-row"
import { PageRefusals } from "../components/payment/page-refusals"
import { PaymentLinksSection } from "../components/payment-links/payment-links-section"
import { ChargeSavedCardSection } from "../components/merchant-charges/charge-saved-card-section"
import { useAcquiringSettings } from "../hooks/settings/use-acquiring-settings"
import { useOrderPaymentIds } from "../hooks/payments/use-order-payment-ids"
import { useOrderMoneyWatch } from "../hooks/payments/use-order-money-watch"
import { usePageRefusals } from "../hooks/payments/use-page-refusals"
import {
  createLinkKey,
  usePaymentLinks,
} from "../hooks/payment-links/use-payment-links"
import { hasLinksToShow } from "../lib/payment-link-balance"

const AcquiringPaymentWidget = ({
  data: order,
}: DetailWidgetProps<AdminOrder>) => {
  useOrderMoneyWatch(order.id)
  const { refusals, dismiss } = usePageRefusals(order.id)
  const { data: paymentIds = [] } = useOrderPaymentIds(order.id)
  // why payments are refused shows here too: a settings-key fault also stops this order's captures and refunds
  const { data: settings } = useAcquiringSettings()
  // what the order owes, its links, and its transfers no payment stands on
  const { data: links } = usePaymentLinks(order.id)
  const transfers = links?.transfers ?? []
  // a refused link stays told, even once the order owes nothing
  const linkRefused =
    useMutationState({
      filters: { mutationKey: createLinkKey(order.id), status: "error" },
    }).length > 0
  if (
    paymentIds.length === 0 &&
    transfers.length === 0 &&
    refusals.length === 0 &&
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
      <PageRefusals refusals={refusals} dismiss={dismiss} />
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
      {transfers.map((transfer) => (
        <BankTransferRow
          key={transfer.payment_session_id}
          transfer={transfer}
        />
      ))}
      {paymentIds.map((id) => (
        <AcquiringPaymentCard key={id} orderId={order.id} paymentId={id} />
      ))}
      <PaymentLinksSection
        orderId={order.id}
        email={order.email}
        displayId={order.display_id}
      />
      {order.customer_id && links && (
        <ChargeSavedCardSection
          orderId={order.id}
          customerId={order.customer_id}
          owed={links.outstanding}
        />
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default AcquiringPaymentWidget
