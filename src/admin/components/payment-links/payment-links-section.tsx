/**
 * The order widget's payment links: when the order still owes money (an
 * edit or exchange raised its total, or a payment was voided or lapsed),
 * "Create payment link" makes a hosted-page link for that amount (while one
 * is not opened yet, "Replace payment link": a new link ends it); the new
 * link is shown once, with a Copy button and its expiry, for the merchant
 * to send (or to e-mail to the order's address from the merchant's own
 * mail program). Earlier links are listed with what became of them.
 * On a draft order the buttons convert it to an order first, with the
 * admin's word, and then lead to the order.
 */
import { useId, useState } from "react"
import {
  Badge,
  Button,
  Copy,
  Heading,
  Input,
  Label,
  Text,
  toast,
} from "@medusajs/ui"
import {
  useCreatePaymentLink,
  usePaymentLinks,
  type CreatedPaymentLink,
  type PaymentLinkStatus,
} from "../../hooks/payment-links/use-payment-links"
import { amountText } from "../../lib/amount-text"
import {
  hasLinksToShow,
  hasUnopenedLink,
  owesSomething,
} from "../../lib/payment-link-balance"
import { paymentLinkMailto } from "../../lib/payment-link-mail"
import { OrderLink } from "../order-link"

const STATUS: Record<
  PaymentLinkStatus,
  { label: string; color: "green" | "blue" | "grey" | "orange" }
> = {
  open: { label: "Not opened", color: "blue" },
  used: { label: "Opened", color: "orange" },
  paid: { label: "Paid", color: "green" },
  expired: { label: "Expired", color: "grey" },
}

const when = (iso: string) => new Date(iso).toLocaleString()

export function PaymentLinksSection({
  orderId,
  email,
  displayId,
  draft = false,
}: {
  orderId: string
  /** the order's e-mail: the link can be sent there from the merchant's mail program */
  email?: string | null
  displayId?: number
  /** a draft order's page: each button converts it to an order first */
  draft?: boolean
}) {
  const { data, error: loadError } = usePaymentLinks(orderId)
  const create = useCreatePaymentLink(orderId)
  const [created, setCreated] = useState<CreatedPaymentLink>()
  const [byPhone, setByPhone] = useState<CreatedPaymentLink>()
  const headingId = useId()
  const urlId = useId()

  if (loadError)
    return (
      <div className="px-6 py-4">
        <Text size="small" className="text-ui-fg-error" role="alert">
          Payment links could not be loaded: {loadError.message}
        </Text>
      </div>
    )
  if (!data) return null
  const owed = data.outstanding
  const owes = owesSomething(owed)
  // a refusal stays on the page with its reason, even once nothing is owed
  if (!hasLinksToShow(data) && !created && !byPhone && !create.error)
    return null
  const replaces = hasUnopenedLink(data)
  const convert = draft ? { convert_draft: true } : {}
  const converted = draft && (created || byPhone)

  return (
    <section
      className="flex flex-col gap-y-3 px-6 py-4"
      aria-labelledby={headingId}
      data-testid="acquiring-payment-links"
    >
      <Heading id={headingId} level="h3">
        Payment links
      </Heading>
      {owes && (
        <div className="flex items-center justify-between gap-x-2">
          <div className="flex flex-col">
            <Text size="small">
              Still owed: {amountText(owed.amount, owed.currency)}
            </Text>
            {replaces && (
              <Text size="small" className="text-ui-fg-subtle">
                A new link ends the one not opened yet.
              </Text>
            )}
            {draft && !converted && (
              <Text size="small" className="text-ui-fg-subtle">
                Either button converts the draft to an order first (stock
                reserved, the order placed), then takes its payment.
              </Text>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              size="small"
              variant="secondary"
              isLoading={create.isPending && !create.variables?.staff_entered}
              onClick={() =>
                create.mutate(convert, {
                  onSuccess: (link) => {
                    setByPhone(undefined)
                    setCreated(link)
                  },
                  onError: (e) => toast.error(e.message),
                })
              }
            >
              {draft && !converted
                ? "Convert and create payment link"
                : replaces
                  ? "Replace payment link"
                  : "Create payment link"}
            </Button>
            <Button
              size="small"
              variant="secondary"
              isLoading={create.isPending && !!create.variables?.staff_entered}
              onClick={() =>
                create.mutate(
                  { ...convert, staff_entered: true },
                  {
                    onSuccess: (link) => {
                      setCreated(undefined)
                      setByPhone(link)
                    },
                    onError: (e) => toast.error(e.message),
                  }
                )
              }
            >
              {draft && !converted
                ? "Convert and take card by phone"
                : "Take card by phone"}
            </Button>
          </div>
        </div>
      )}
      {converted && (
        <Text size="small" role="status">
          The draft is now an order: follow its payment on{" "}
          <OrderLink order={{ id: orderId, display_id: displayId ?? null }} />.
        </Text>
      )}
      {create.error && (
        <Text size="small" className="text-ui-fg-error" role="alert">
          {create.error.message}
        </Text>
      )}
      {byPhone && (
        <div className="flex flex-col gap-y-1" data-testid="card-by-phone">
          <a
            className="txt-compact-small-plus text-ui-fg-base self-start underline"
            href={byPhone.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open the payment page for{" "}
            {amountText(byPhone.amount, byPhone.currency)}
          </a>
          <Text size="small" className="text-ui-fg-subtle" role="status">
            Type the card the customer reads out on the acquirer's page (mail or
            telephone order, no 3-D Secure): it never passes through this page
            or the store. The page opens once, until {when(byPhone.expires_at)}.
          </Text>
        </div>
      )}
      {created && (
        <div
          className="flex flex-col gap-y-1"
          data-testid="created-payment-link"
        >
          <Label htmlFor={urlId} size="small" weight="plus">
            Link for {amountText(created.amount, created.currency)}
          </Label>
          <div className="flex items-center gap-x-2">
            <div className="min-w-0 flex-1">
              <Input id={urlId} size="small" readOnly value={created.url} />
            </div>
            <Copy content={created.url} aria-label="Copy the payment link" />
          </div>
          {email && (
            <a
              className="txt-compact-small-plus text-ui-fg-base self-start underline"
              href={paymentLinkMailto(email, created, displayId)}
            >
              E-mail the link to {email}
            </a>
          )}
          <Text size="small" className="text-ui-fg-subtle" role="status">
            Expires {when(created.expires_at)}. It opens the payment page once;
            copy it now, it is not shown again.
          </Text>
        </div>
      )}
      {data.payment_links.length > 0 && (
        <ul
          className="flex flex-col gap-y-1"
          aria-label="Earlier payment links"
        >
          {data.payment_links.map((link) => (
            <li
              key={link.id}
              className="flex items-center justify-between gap-x-2"
            >
              <Text size="small">
                {amountText(link.amount, link.currency)} · made{" "}
                {when(link.created_at)}
                {link.status === "open" &&
                  ` · expires ${when(link.expires_at)}`}
              </Text>
              <Badge size="2xsmall" color={STATUS[link.status].color}>
                {STATUS[link.status].label}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
