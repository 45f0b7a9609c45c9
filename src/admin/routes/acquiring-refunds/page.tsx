/**
 * Refunds at the acquirer: the acquirer's refund search by what the admin
 * shows (an order's number, #12, or the transaction id) or by the
 * acquirer's own keys, each refund beside Medusa's record of it (amounts
 * with their currency), mismatches marked, and "Record in Medusa" for a
 * refund the acquirer made that Medusa lacks (recorded, never sent again).
 * A refused search names its mistake under the field and moves focus there.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowUturnLeft } from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  Heading,
  Hint,
  Label,
  RadioGroup,
  Table,
  Text,
  Textarea,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { FetchError } from "@medusajs/js-sdk"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import { amountText } from "../../lib/amount-text"
import { sdk } from "../../lib/sdk"
import {
  checkValues,
  modeText,
  parseValues,
  SEARCH_MODES,
  type SearchMode,
} from "./refund-search-form"

type Status =
  | "ok"
  | "amount_differs"
  | "missing_in_medusa"
  | "not_made"
  | "missing_at_acquirer"

type Row = {
  status: Status
  acquirer: {
    order_no: string | null
    refund_reference: string | null
    refund_reference_id: string | null
    refund_amount: string | null
    currency: string | null
    refund_date: string | null
  } | null
  payment_id: string | null
  order: { id: string; display_id: number | null } | null
  medusa: {
    id: string
    amount: string
    currency: string | null
    created_at: string | null
  } | null
  recordable: boolean
}

type SearchAnswer = { refunds: Row[]; count: number; unmatched: string[] }

const STATUS: Record<
  Status,
  { label: string; color: "green" | "orange" | "red" | "grey" }
> = {
  ok: { label: "Matches", color: "green" },
  amount_differs: { label: "Amount differs", color: "orange" },
  missing_in_medusa: { label: "Missing in Medusa", color: "red" },
  missing_at_acquirer: { label: "Missing at acquirer", color: "red" },
  not_made: { label: "Refused by acquirer", color: "grey" },
}

const VALUES_ID = "refund-search-values"
const ERROR_ID = `${VALUES_ID}-error`

/** `20261123101500` → `2026-11-23 10:15:00` */
function acquirerDate(value: string | null | undefined): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? "")
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : "–"
}

/** `#12`, the order as the admin lists it */
function orderText(order: Row["order"]): string | undefined {
  if (!order) return undefined
  return order.display_id === null ? order.id : `#${order.display_id}`
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "The request failed"
}

const RefundsAtAcquirerPage = () => {
  const [mode, setMode] = useState<SearchMode>("order")
  const [text, setText] = useState("")
  const [search, setSearch] = useState<{
    mode: SearchMode
    values: string[]
  }>()
  const [formError, setFormError] = useState<string>()
  const values = useRef<HTMLTextAreaElement>(null)
  // bumped on every refusal: focus returns to the field after the render that shows why
  const [refusals, setRefusals] = useState(0)
  const prompt = usePrompt()
  const queryClient = useQueryClient()

  const results = useQuery({
    queryKey: ["acquiring-refunds", search?.mode, search?.values],
    enabled: !!search,
    queryFn: () =>
      sdk.client.fetch<SearchAnswer>("/admin/acquiring/refunds", {
        query: { [search!.mode]: search!.values.join(",") },
      }),
    // a refused search is the merchant's to correct, not to retry
    retry: (count, error) =>
      !(error instanceof FetchError && error.status === 400) && count < 3,
  })
  // the server's 400 names the field's mistake: shown and announced as the form's own
  const refused =
    results.error instanceof FetchError && results.error.status === 400
      ? results.error.message
      : undefined
  const fieldError = formError ?? refused
  useEffect(() => {
    if (refused) setRefusals((n) => n + 1)
  }, [refused])
  useEffect(() => {
    if (refusals) values.current?.focus()
  }, [refusals])

  const record = useMutation({
    mutationFn: (refund_reference_id: string) =>
      sdk.client.fetch<{ recorded: number; order_no: string; refunds: Row[] }>(
        "/admin/acquiring/refunds/record",
        { method: "POST", body: { refund_reference_id } }
      ),
    onSuccess: (outcome) => {
      toast.success(
        outcome.recorded
          ? `Recorded ${outcome.recorded} refund(s) in Medusa for order ${orderText(outcome.refunds.find((r) => r.order)?.order ?? null) ?? outcome.order_no}`
          : `Medusa already had this refund; nothing was recorded`
      )
      void queryClient.invalidateQueries({ queryKey: ["acquiring-refunds"] })
    },
    onError: (error) => toast.error(errorText(error)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const asked = parseValues(text)
    const mistake = checkValues(mode, asked)
    setFormError(mistake)
    if (mistake) {
      setRefusals((n) => n + 1)
      return
    }
    setSearch({ mode, values: asked })
  }

  const confirmRecord = async (row: Row) => {
    const reference = row.acquirer?.refund_reference_id
    if (!reference) return
    const ok = await prompt({
      title: "Record this refund in Medusa?",
      description: `The acquirer refunded ${amountText(row.acquirer?.refund_amount, row.acquirer?.currency) ?? "an amount"} of order ${orderText(row.order) ?? row.acquirer?.order_no} (${reference}). Medusa records it on the payment; nothing is sent to the acquirer.`,
      confirmText: "Record in Medusa",
      cancelText: "Cancel",
    })
    if (ok) record.mutate(reference)
  }

  const rows = results.data?.refunds ?? []
  const unmatched = results.data?.unmatched ?? []
  const shown = modeText(mode)

  return (
    <Container className="divide-y p-0" data-acquiring-root="">
      <div className="px-6 py-4">
        <Heading level="h1">Refunds at acquirer</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          The acquirer's refund records beside what Medusa recorded for the same
          payment.
        </Text>
      </div>
      <form
        className="flex flex-col gap-y-3 px-6 py-4"
        onSubmit={submit}
        noValidate
      >
        <Label id="refund-search-mode" size="small" weight="plus">
          Search by
        </Label>
        <RadioGroup
          className="flex flex-wrap gap-x-6 gap-y-2"
          aria-labelledby="refund-search-mode"
          value={mode}
          onValueChange={(value) => {
            setMode(value as SearchMode)
            setFormError(undefined)
            // the server's refusal was of the other mode's values
            if (refused) setSearch(undefined)
          }}
        >
          {SEARCH_MODES.map((m) => (
            <div key={m.value} className="flex items-center gap-x-2">
              <RadioGroup.Item value={m.value} id={`mode-${m.value}`} />
              <Label htmlFor={`mode-${m.value}`}>{m.label}</Label>
            </div>
          ))}
        </RadioGroup>
        <Label htmlFor={VALUES_ID} size="small" weight="plus">
          {shown.field}
        </Label>
        <Textarea
          id={VALUES_ID}
          ref={values}
          placeholder={shown.placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? ERROR_ID : undefined}
        />
        {fieldError && (
          <Hint id={ERROR_ID} variant="error" role="alert">
            {fieldError}
          </Hint>
        )}
        <div>
          <Button type="submit" isLoading={results.isFetching}>
            Search
          </Button>
        </div>
      </form>
      {results.isError && !refused && (
        <Text size="small" role="alert" className="text-ui-fg-error px-6 py-4">
          {errorText(results.error)}
        </Text>
      )}
      {search && results.isSuccess && unmatched.length > 0 && (
        <Text
          size="small"
          role="status"
          className="text-ui-fg-subtle px-6 py-4"
          data-testid="refund-search-unmatched"
        >
          No acquiring payment found for {unmatched.join(", ")}
        </Text>
      )}
      {search && results.isSuccess && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Order</Table.HeaderCell>
              <Table.HeaderCell>Acquirer order number</Table.HeaderCell>
              <Table.HeaderCell>Refund reference</Table.HeaderCell>
              <Table.HeaderCell>Refunded on</Table.HeaderCell>
              <Table.HeaderCell>Acquirer</Table.HeaderCell>
              <Table.HeaderCell>Medusa</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell>
                <span className="sr-only">Actions</span>
              </Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && (
              <Table.Row>
                <Table.Cell>No refunds found</Table.Cell>
              </Table.Row>
            )}
            {rows.map((row, i) => (
              <Table.Row
                key={`${row.acquirer?.refund_reference_id ?? row.medusa?.id ?? i}`}
              >
                <Table.Cell>
                  {row.order ? (
                    <Link to={`/orders/${row.order.id}`}>
                      {orderText(row.order)}
                    </Link>
                  ) : (
                    "–"
                  )}
                </Table.Cell>
                <Table.Cell>{row.acquirer?.order_no ?? "–"}</Table.Cell>
                <Table.Cell>
                  {row.acquirer?.refund_reference_id ?? "–"}
                </Table.Cell>
                <Table.Cell>
                  {acquirerDate(row.acquirer?.refund_date)}
                </Table.Cell>
                <Table.Cell>
                  {amountText(
                    row.acquirer?.refund_amount,
                    row.acquirer?.currency
                  ) ?? "–"}
                </Table.Cell>
                <Table.Cell>
                  {amountText(row.medusa?.amount, row.medusa?.currency) ?? "–"}
                </Table.Cell>
                <Table.Cell>
                  <Badge size="2xsmall" color={STATUS[row.status].color}>
                    {STATUS[row.status].label}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  {row.recordable && (
                    <Button
                      size="small"
                      variant="secondary"
                      isLoading={
                        record.isPending &&
                        record.variables === row.acquirer?.refund_reference_id
                      }
                      onClick={() => void confirmRecord(row)}
                    >
                      Record in Medusa
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Refunds at acquirer",
  icon: ArrowUturnLeft,
})

/** The dashboard's breadcrumb (it reads each route's handle.breadcrumb). */
export const handle = {
  breadcrumb: () => "Refunds at acquirer",
}

export default RefundsAtAcquirerPage
