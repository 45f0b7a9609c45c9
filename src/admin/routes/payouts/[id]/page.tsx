/** One payout: the request (personal data masked), the acquirer's answer and, when it failed, why. */
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useParams, type UIMatch } from "react-router-dom"
import { usePayout, useRefreshPayout } from "../../../hooks/payouts/use-payouts"
import { amountText } from "../../../lib/amount-text"
import { PayoutStatusBadge } from "../components/payout-status-badge"

function Row({
  label,
  value,
  testId,
}: {
  label: string
  value?: string | number | null
  testId?: string
}) {
  return (
    <div className="grid grid-cols-2 items-center px-6 py-3">
      <Text size="small" weight="plus" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="small" data-testid={testId}>
        {value === null || value === undefined || value === "" ? "—" : value}
      </Text>
    </div>
  )
}

const PayoutDetailPage = () => {
  const { id = "" } = useParams()
  const { data: payout, isLoading, error } = usePayout(id)
  const refresh = useRefreshPayout(id)

  if (isLoading) return <Container>Loading…</Container>
  if (error || !payout)
    return (
      <Container>
        <Text className="text-ui-fg-error">
          {error?.message ?? "Payout not found"}
        </Text>
      </Container>
    )
  const open = ["sending", "unknown", "PENDING"].includes(payout.status)
  const a = payout.answer

  return (
    <div className="flex flex-col gap-y-3" data-acquiring-root="">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading>
              Payout{" "}
              {amountText(payout.payment_amount, payout.payment_currency)}
            </Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {payout.beneficiary.name ?? "—"} ·{" "}
              {payout.reference ?? payout.request_id}
            </Text>
          </div>
          <div className="flex items-center gap-x-2">
            <PayoutStatusBadge status={payout.status} />
            {open && (
              <Button
                size="small"
                variant="secondary"
                isLoading={refresh.isPending}
                onClick={() =>
                  refresh.mutate(undefined, {
                    onSuccess: (p) => toast.success(`Status: ${p.status}`),
                    onError: (e) => toast.error(e.message),
                  })
                }
              >
                Ask the acquirer
              </Button>
            )}
          </div>
        </div>
        {payout.status === "FAILED" && (
          <div className="px-6 py-4" data-testid="payout-failure">
            <Text size="small" weight="plus" className="text-ui-fg-error">
              Failed{payout.failure_type ? ` (${payout.failure_type})` : ""}
            </Text>
            <Text size="small">
              {payout.failure_reason ?? "No reason given"}
            </Text>
          </div>
        )}
        {payout.status === "unknown" && (
          <Text size="small" className="px-6 py-4 text-ui-fg-subtle">
            The acquirer's answer was lost. The payout is confirmed with the
            same request id, so it is never sent twice.
          </Text>
        )}
        <Row label="Request id" value={payout.request_id} />
        <Row label="Payment date" value={payout.payment_date} />
        <Row label="Method" value={payout.payment_method} />
        <Row label="Charges" value={payout.swift_charge_option} />
        <Row label="Fee paid by" value={payout.fee_paid_by} />
        <Row label="Fund source" value={payout.fund_source} />
        <Row label="Reason" value={payout.reason} />
        <Row
          label="Created"
          value={new Date(payout.created_at).toLocaleString()}
        />
      </Container>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Acquirer's answer</Heading>
        </div>
        <Row label="Status" value={a.status} testId="answer-status" />
        <Row label="Transaction id" value={a.transaction_id} />
        <Row label="Short reference" value={a.short_reference_id} />
        {/* as the answer was read: a fee in the payout's currency unless the acquirer names another, the payer's amount in the source currency when one was asked */}
        <Row
          label="Fee"
          value={amountText(
            a.fee_amount,
            a.fee_currency ?? payout.payment_currency
          )}
        />
        <Row
          label="Payer pays"
          value={amountText(
            a.amount_payer_pays,
            payout.source_currency ?? payout.payment_currency
          )}
        />
        <Row
          label="Beneficiary receives"
          value={amountText(
            a.amount_beneficiary_receives,
            payout.payment_currency
          )}
        />
        <Row label="Failure type" value={a.failure_type} />
        <Row label="Failure reason" value={a.failure_reason} />
        <Row label="Acquirer created" value={a.created_at} />
        <Row label="Acquirer updated" value={a.last_updated_at} />
        <Row label="Requests sent" value={payout.tries} />
        {payout.last_error && (
          <Row label="Last error" value={payout.last_error} />
        )}
      </Container>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Beneficiary</Heading>
        </div>
        <Row label="Name" value={payout.beneficiary.name} />
        <Row label="Type" value={payout.beneficiary.entity_type} />
        <Row label="Country" value={payout.beneficiary.country_code} />
        <Row label="Account number" value={payout.beneficiary.account_number} />
        <Row label="IBAN" value={payout.beneficiary.iban} />
        <Row label="SWIFT / BIC" value={payout.beneficiary.swift_code} />
        <Row label="Bank" value={payout.beneficiary.bank_name} />
        <Row
          label="Bank country"
          value={payout.beneficiary.bank_country_code}
        />
      </Container>
      {payout.payer && (
        <Container className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">Payer</Heading>
          </div>
          <Row label="Name" value={payout.payer.name} />
          <Row label="Type" value={payout.payer.entity_type} />
          <Row label="Country" value={payout.payer.country_code} />
        </Container>
      )}
    </div>
  )
}

/** "Payout 12.00 EUR" once the payout is loaded (the page's own query), after "Payouts". */
function PayoutBreadcrumb({ id }: { id: string }) {
  const { data: payout } = usePayout(id)
  return (
    <>
      Payout
      {payout
        ? ` ${amountText(payout.payment_amount, payout.payment_currency)}`
        : ""}
    </>
  )
}

export const handle = {
  breadcrumb: (match: UIMatch) => (
    <PayoutBreadcrumb id={String(match.params.id ?? "")} />
  ),
}

export default PayoutDetailPage
