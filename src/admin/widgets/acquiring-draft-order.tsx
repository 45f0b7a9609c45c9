/**
 * Draft order details (the draft-order pages Medusa adds): what the draft
 * costs, and the two ways to take it without the customer at a checkout:
 * a payment link sent to them, or their card typed by staff on the
 * acquirer's page while they are on the telephone. Either converts the
 * draft to an order first (the server refuses to take money for a draft).
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, AdminOrder } from "@medusajs/framework/types"
import { Container, Heading } from "@medusajs/ui"
import { PaymentLinksSection } from "../components/payment-links/payment-links-section"

const AcquiringDraftOrderWidget = ({
  data: draft,
}: DetailWidgetProps<AdminOrder>) => (
  <Container
    className="divide-y p-0"
    data-testid="acquiring-draft-widget"
    data-acquiring-root=""
  >
    <div className="px-6 py-4">
      <Heading level="h2">Acquiring</Heading>
    </div>
    <PaymentLinksSection
      orderId={draft.id}
      email={draft.email}
      displayId={draft.display_id}
      draft
    />
  </Container>
)

export const config = defineWidgetConfig({
  zone: "draft_order.details.side.after",
})

export default AcquiringDraftOrderWidget
