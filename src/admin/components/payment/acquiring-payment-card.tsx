/**
 * One acquiring payment in the order widget: status, result, 3-D Secure,
 * risk (action, score, reasons), whether a saved card paid or the payment
 * saved the card, when an uncaptured authorisation lapses, refunds,
 * account and mode, the review decision and who made it; Release / Reject while held (each after a confirmation naming
 * the amount), Sync at any time, and Re-authorise with the saved card once
 * a saved-card payment lapsed. Every amount shows its currency; every
 * refusal shows the server's reason, in a toast and below the buttons.
 * A change captured for and not confirmed says so (order-change-text.ts).
 * Its chargebacks (open ones in red) and, on request, its history.
 */
import { Button, Text, toast, usePrompt } from "@medusajs/ui"
import { useAcquiringPayment } from "../../hooks/payments/use-acquiring-payment"
import {
  useReviewPayment,
  useSyncPayment,
} from "../../hooks/payments/use-payment-actions"
import { useReauthorizePayment } from "../../hooks/payments/use-reauthorize-payment"
import { amountText } from "../../lib/amount-text"
import { authorizationLapseNote, savedCardNotes } from "../../lib/payment-api"
import { DetailRow } from "./detail-row"
import { paymentMethodText } from "../../lib/payment-method-text"
import { waitingChangeText } from "../../lib/order-change-text"
import { PaymentBadges } from "./payment-badges"
import { PaymentChargebacks } from "./payment-chargebacks"
import { PaymentHistorySection } from "./payment-history-section"

const PROVIDER_NAMES: Record<string, string> = {
  "acquiring-card": "Card (on the store's page)",
  "acquiring-hosted": "Hosted payment page",
}

function providerName(providerId: string): string {
  const identifier = providerId.replace(/^pp_/, "").split("_")[0]
  return PROVIDER_NAMES[identifier] ?? providerId
}

const when = (iso: string) => new Date(iso).toLocaleString()

/** What each review decision does, said before it is made: neither can be taken back. */
function decisionPrompt(decision: "release" | "reject", amount: string) {
  return decision === "release"
    ? {
        title: "Release the held payment?",
        description: `The acquirer ends its risk review and ${amount} stays authorised on the customer's card, to be captured as usual. A released payment cannot be rejected later.`,
        confirmText: "Release payment",
        cancelText: "Not now",
        variant: "confirmation" as const,
      }
    : {
        title: "Reject the held payment?",
        description: `The acquirer voids the authorisation of ${amount} and Medusa cancels the payment; the customer is not charged. This cannot be undone.`,
        confirmText: "Reject payment",
        cancelText: "Not now",
        // Medusa's danger button text falls short of 4.5:1 contrast; the words carry the warning
        variant: "confirmation" as const,
      }
}

/** Said before a re-authorisation: which card, how much, and that the customer is not asked. */
function reauthorizePrompt(card: string, amount: string, captured: boolean) {
  return {
    title: captured
      ? "Authorise what is owed with the saved card?"
      : "Re-authorise with the saved card?",
    description: captured
      ? `The customer's saved card ${card} is authorised for ${amount}, what the changed order owes beside the payment already captured, without asking the customer. A new payment is recorded on the order, to be captured as usual.`
      : `The customer's saved card ${card} is authorised again for ${amount}, what the order still owes, without asking the customer. A new payment is recorded on the order, to be captured as usual.`,
    confirmText: captured ? "Authorise" : "Re-authorise",
    cancelText: "Not now",
    variant: "confirmation" as const,
  }
}

export function AcquiringPaymentCard({
  orderId,
  paymentId,
}: {
  orderId: string
  paymentId: string
}) {
  const {
    data: payment,
    isLoading,
    error,
    dataUpdatedAt,
  } = useAcquiringPayment(orderId, paymentId)
  const review = useReviewPayment(orderId, paymentId)
  const sync = useSyncPayment(orderId, paymentId)
  const reauthorize = useReauthorizePayment(orderId, paymentId)
  const prompt = usePrompt()

  if (isLoading)
    return (
      <div className="px-6 py-4">
        <Text size="small" className="text-ui-fg-subtle">
          Loading the payment…
        </Text>
      </div>
    )
  // a failed refetch keeps what was read; only a payment never read shows the error
  if (!payment)
    return (
      <div className="px-6 py-4">
        <Text size="small" className="text-ui-fg-error">
          {error?.message ?? "The payment could not be loaded"}
        </Text>
      </div>
    )

  const held = payment.review === "held" && !payment.canceled_at
  const amount = amountText(payment.amount, payment.currency)
  const decide = async (decision: "release" | "reject") => {
    const ok = await prompt(
      decisionPrompt(decision, amount ?? "the payment's amount")
    )
    if (!ok) return
    review.mutate(decision, {
      onSuccess: () =>
        toast.success(
          decision === "release"
            ? "Payment released"
            : "Payment rejected and voided"
        ),
      onError: (e) => toast.error(e.message),
    })
  }
  const runSync = () =>
    sync.mutate(undefined, {
      onSuccess: ({ sync: outcome }) =>
        outcome.reached
          ? toast.success(outcome.message)
          : toast.warning(outcome.message),
      onError: (e) => toast.error(e.message),
    })

  const owed = payment.reauthorisation
    ? amountText(
        payment.reauthorisation.amount,
        payment.reauthorisation.currency
      )
    : undefined
  const runReauthorize = async () => {
    const ok = await prompt(
      reauthorizePrompt(
        payment.card_masked ?? "on file",
        owed ?? "what the order still owes",
        payment.status === "captured"
      )
    )
    if (!ok) return
    reauthorize.mutate(undefined, {
      onSuccess: (answer) =>
        answer.status === "authorized"
          ? toast.success("Payment re-authorised with the saved card")
          : toast.warning(
              answer.message ??
                "The re-authorisation is being confirmed with the acquirer"
            ),
      onError: (e) => toast.error(e.message),
    })
  }

  const refusals = [
    ...new Set(
      [review, sync, reauthorize].flatMap((action) =>
        action.error ? [action.error.message] : []
      )
    ),
  ]
  const risk = payment.risk
  const lapse = authorizationLapseNote(payment)
  const waiting = waitingChangeText(payment)
  return (
    <div
      className="flex flex-col gap-y-2 px-6 py-4"
      data-testid="acquiring-payment"
      data-review={payment.review ?? ""}
      data-status={payment.status}
    >
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          {providerName(payment.provider_id)}
        </Text>
        <PaymentBadges payment={payment} />
      </div>
      <PaymentChargebacks chargebacks={payment.chargebacks} />
      <DetailRow label="Transaction" value={payment.transaction_id} />
      <DetailRow
        label="Method"
        value={paymentMethodText(
          payment.payment_method,
          payment.transfer_awaited_since
        )}
      />
      <DetailRow label="Card" value={payment.card_masked} />
      {savedCardNotes(payment.saved_card).map((note) => (
        <Text
          key={note}
          size="small"
          className="text-ui-fg-subtle text-right"
          data-testid="saved-card-note"
        >
          {note}
        </Text>
      ))}
      <DetailRow
        label={payment.released_amount ? "Authorised" : "Amount"}
        value={amount}
      />
      {payment.released_amount && (
        <>
          <DetailRow
            label="Captured"
            value={amountText(payment.captured_amount, payment.currency)}
          />
          <Text
            size="small"
            className="text-ui-fg-subtle text-right"
            data-testid="released-note"
          >
            {`${amountText(payment.released_amount, payment.currency)} released to the customer: the acquirer captures a payment once and lets go of what a partial capture leaves`}
          </Text>
        </>
      )}
      {waiting && (
        <div
          className="flex flex-col gap-y-1 rounded-md border border-ui-border-base bg-ui-bg-subtle px-3 py-2"
          data-testid="order-change-waiting"
          role="status"
        >
          <Text size="small" weight="plus">
            {waiting.title}
          </Text>
          {waiting.lines.map((line) => (
            <Text key={line} size="small" className="text-ui-fg-subtle">
              {line}
            </Text>
          ))}
        </div>
      )}
      {lapse && (
        <Text
          size="small"
          className={`text-right ${lapse.lapsed ? "text-ui-fg-error" : "text-ui-fg-subtle"}`}
          data-testid="authorisation-lapse"
          title={`An authorisation not captured within ${payment.authorisation_lifetime_days ?? 7} days lapses: the acquirer releases the money`}
        >
          {lapse.text}
        </Text>
      )}
      <DetailRow
        label="Result"
        value={
          payment.result
            ? `${payment.result.code}: ${payment.result.text}${
                // the acquirer's answer at authorisation; the review row says what followed
                payment.review && payment.review !== "held"
                  ? " (before review)"
                  : ""
              }`
            : undefined
        }
      />
      <DetailRow label="3-D Secure" value={payment.three_ds.result} />
      <DetailRow
        label="3-D Secure rule"
        value={payment.three_ds.decision?.replace(/^3-D Secure /, "")}
      />
      <DetailRow
        label="Risk"
        value={
          risk.action
            ? `${risk.action}${risk.score ? ` (score ${risk.score})` : ""}`
            : undefined
        }
      />
      <DetailRow
        label="Risk reasons"
        value={risk.reasons.length ? risk.reasons.join(", ") : undefined}
      />
      <DetailRow
        label="Review"
        value={
          payment.decided
            ? `${payment.decided.decision === "release" ? "Released" : "Rejected"} by ${payment.decided.by_email ?? payment.decided.by ?? "an unknown user"}, ${when(payment.decided.at)}`
            : payment.review && payment.review !== "held"
              ? payment.review
              : undefined
        }
      />
      {payment.refunds.map((r) => (
        <DetailRow
          key={r.refund_reference_id}
          label={`Refund ${r.refund_reference_id}`}
          value={amountText(r.amount, payment.currency)}
        />
      ))}
      <DetailRow
        label="Account"
        value={`${payment.account.name ?? "from medusa-config"} · ${payment.account.mode}`}
      />
      <DetailRow label="Statement descriptor" value={payment.descriptor} />
      <div className="flex justify-end gap-x-2 pt-2">
        <Button
          size="small"
          variant="transparent"
          isLoading={sync.isPending}
          onClick={runSync}
        >
          Sync with acquirer
        </Button>
        {payment.lapsed_at && payment.reauthorisable && (
          <Button
            size="small"
            variant="secondary"
            isLoading={reauthorize.isPending}
            onClick={() => void runReauthorize()}
            aria-label={`${payment.status === "captured" ? "Authorise what is owed" : "Re-authorise"} with saved card ${payment.card_masked ?? ""} for ${owed ?? "what the order owes"}`}
            data-testid="reauthorise-payment"
          >
            {payment.status === "captured"
              ? "Authorise what is owed with saved card"
              : "Re-authorise with saved card"}
          </Button>
        )}
        {held && (
          <>
            <Button
              size="small"
              variant="secondary"
              isLoading={review.isPending && review.variables === "reject"}
              disabled={review.isPending}
              onClick={() => void decide("reject")}
            >
              Reject
            </Button>
            <Button
              size="small"
              isLoading={review.isPending && review.variables === "release"}
              disabled={review.isPending}
              onClick={() => void decide("release")}
            >
              Release
            </Button>
          </>
        )}
      </div>
      {refusals.map((message) => (
        <Text
          key={message}
          size="small"
          className="text-ui-fg-error text-right"
          role="alert"
        >
          {message}
        </Text>
      ))}
      <PaymentHistorySection
        orderId={orderId}
        paymentId={paymentId}
        paymentReadAt={dataUpdatedAt}
      />
    </div>
  )
}
