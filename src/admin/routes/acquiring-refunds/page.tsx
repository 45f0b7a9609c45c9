/**
 * Refunds at the acquirer: the acquirer's refund search by order numbers or
 * refund references, each refund beside Medusa's record of it, mismatches
 * marked, and "Record in Medusa" for a refund the acquirer made that Medusa
 * lacks (recorded, never sent again).
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowUturnLeft } from "@medusajs/icons"
import {
  Badge,
  Button,
  Container,
  Heading,
  Label,
  RadioGroup,
  Table,
  Text,
  Textarea,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { sdk } from "../../lib/sdk"

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
  medusa: { id: string; amount: string; created_at: string | null } | null
  recordable: boolean
}

type Mode = "order_no" | "reference"

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

const MAX_VALUES = 100

/** `20261123101500` → `2026-11-23 10:15:00` */
function acquirerDate(value: string | null | undefined): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? "")
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : "–"
}

function parseValues(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((v) => v.trim())
    .filter(Boolean)
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "The request failed"
}

const RefundsAtAcquirerPage = () => {
  const [mode, setMode] = useState<Mode>("order_no")
  const [text, setText] = useState("")
  const [search, setSearch] = useState<{ mode: Mode; values: string[] }>()
  const [formError, setFormError] = useState<string>()
  const prompt = usePrompt()
  const queryClient = useQueryClient()

  const results = useQuery({
    queryKey: ["acquiring-refunds", search?.mode, search?.values],
    enabled: !!search,
    queryFn: () =>
      sdk.client.fetch<{ refunds: Row[]; count: number }>(
        "/admin/acquiring/refunds",
        { query: { [search!.mode]: search!.values.join(",") } }
      ),
  })

  const record = useMutation({
    mutationFn: (refund_reference_id: string) =>
      sdk.client.fetch<{ recorded: number; order_no: string }>(
        "/admin/acquiring/refunds/record",
        { method: "POST", body: { refund_reference_id } }
      ),
    onSuccess: (outcome) => {
      toast.success(
        outcome.recorded
          ? `Recorded ${outcome.recorded} refund(s) in Medusa for ${outcome.order_no}`
          : `Medusa already had this refund; nothing was recorded`
      )
      void queryClient.invalidateQueries({ queryKey: ["acquiring-refunds"] })
    },
    onError: (error) => toast.error(errorText(error)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const values = parseValues(text)
    if (!values.length) {
      setFormError("Enter at least one order number or refund reference")
      return
    }
    if (values.length > MAX_VALUES) {
      setFormError(`At most ${MAX_VALUES} values in one search`)
      return
    }
    setFormError(undefined)
    setSearch({ mode, values })
  }

  const confirmRecord = async (row: Row) => {
    const reference = row.acquirer?.refund_reference_id
    if (!reference) return
    const ok = await prompt({
      title: "Record this refund in Medusa?",
      description: `The acquirer refunded ${row.acquirer?.refund_amount} ${row.acquirer?.currency ?? ""} of order ${row.acquirer?.order_no} (${reference}). Medusa records it on the payment; nothing is sent to the acquirer.`,
      confirmText: "Record in Medusa",
      cancelText: "Cancel",
    })
    if (ok) record.mutate(reference)
  }

  const rows = results.data?.refunds ?? []

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">Refunds at acquirer</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          The acquirer's refund records beside what Medusa recorded for the same
          payment.
        </Text>
      </div>
      <form className="flex flex-col gap-y-3 px-6 py-4" onSubmit={submit}>
        <RadioGroup
          className="flex gap-x-6"
          value={mode}
          onValueChange={(value) => setMode(value as Mode)}
        >
          <div className="flex items-center gap-x-2">
            <RadioGroup.Item value="order_no" id="mode-order-no" />
            <Label htmlFor="mode-order-no">Order numbers</Label>
          </div>
          <div className="flex items-center gap-x-2">
            <RadioGroup.Item value="reference" id="mode-reference" />
            <Label htmlFor="mode-reference">Refund references</Label>
          </div>
        </RadioGroup>
        <Textarea
          aria-label={
            mode === "order_no" ? "Order numbers" : "Refund references"
          }
          placeholder={
            mode === "order_no"
              ? "MED3f2a…, one per line or comma-separated"
              : "RF… or <transaction id>-01, one per line or comma-separated"
          }
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!!formError}
        />
        {formError && (
          <Text size="small" className="text-ui-fg-error">
            {formError}
          </Text>
        )}
        <div>
          <Button type="submit" isLoading={results.isFetching}>
            Search
          </Button>
        </div>
      </form>
      {results.isError && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {errorText(results.error)}
        </Text>
      )}
      {search && results.isSuccess && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Order number</Table.HeaderCell>
              <Table.HeaderCell>Refund reference</Table.HeaderCell>
              <Table.HeaderCell>Refunded on</Table.HeaderCell>
              <Table.HeaderCell>Acquirer</Table.HeaderCell>
              <Table.HeaderCell>Medusa</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell />
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
                <Table.Cell>{row.acquirer?.order_no ?? "–"}</Table.Cell>
                <Table.Cell>
                  {row.acquirer?.refund_reference_id ?? "–"}
                </Table.Cell>
                <Table.Cell>
                  {acquirerDate(row.acquirer?.refund_date)}
                </Table.Cell>
                <Table.Cell>
                  {row.acquirer?.refund_amount
                    ? `${row.acquirer.refund_amount} ${row.acquirer.currency ?? ""}`
                    : "–"}
                </Table.Cell>
                <Table.Cell>{row.medusa?.amount ?? "–"}</Table.Cell>
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

export default RefundsAtAcquirerPage
