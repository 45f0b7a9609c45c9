/**
 * The Payment history page's search: a Medusa order as the admin shows it
 * (#12), the acquirer's order number, a transaction id, an operation, an
 * outcome and the days from and to. A mistake is named beside its field,
 * which takes the focus, before anything is asked.
 */
import { Button, Hint, Input, Label } from "@medusajs/ui"
import { useId, useRef, useState, type FormEvent } from "react"
import {
  historySearchMistakes,
  type HistorySearchForm,
  type HistorySearchMistakes,
} from "../../../lib/history-search-query"

type Field = keyof HistorySearchForm

const FIELDS: {
  name: Field
  label: string
  placeholder?: string
  type?: "date"
}[] = [
  { name: "order", label: "Order", placeholder: "#12" },
  { name: "order_no", label: "Acquirer order number", placeholder: "MED…" },
  { name: "transaction_id", label: "Transaction id" },
  {
    name: "operation",
    label: "Operation",
    placeholder: "capture, CHARGEBACK…",
  },
  { name: "outcome", label: "Outcome", placeholder: "refused, recorded…" },
  { name: "from", label: "From", type: "date" },
  { name: "to", label: "To", type: "date" },
]

export function HistorySearchFormView({
  initial = {},
  onSearch,
  searching,
}: {
  /** the search the page was opened with (a link from another page) */
  initial?: HistorySearchForm
  onSearch: (form: HistorySearchForm) => void
  searching: boolean
}) {
  const id = useId()
  const [form, setForm] = useState<HistorySearchForm>(initial)
  const [mistakes, setMistakes] = useState<HistorySearchMistakes>({})
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = historySearchMistakes(form)
    setMistakes(found)
    const first = FIELDS.find((f) => found[f.name])
    if (first) {
      inputs.current[first.name]?.focus()
      return
    }
    onSearch(form)
  }
  const clear = () => {
    setForm({})
    setMistakes({})
    onSearch({})
  }

  return (
    <form
      className="flex flex-col gap-y-3 px-6 py-4"
      onSubmit={submit}
      noValidate
      aria-label="Search the payment history"
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {FIELDS.map((field) => {
          const fieldId = `${id}-${field.name}`
          const mistake = mistakes[field.name]
          return (
            <div key={field.name} className="flex flex-col gap-y-1">
              <Label size="xsmall" htmlFor={fieldId}>
                {field.label}
              </Label>
              <Input
                id={fieldId}
                ref={(el) => {
                  inputs.current[field.name] = el
                }}
                size="small"
                type={field.type ?? "text"}
                placeholder={field.placeholder}
                value={form[field.name] ?? ""}
                aria-invalid={mistake ? true : undefined}
                aria-describedby={mistake ? `${fieldId}-error` : undefined}
                onChange={(e) =>
                  setForm((f) => ({ ...f, [field.name]: e.target.value }))
                }
              />
              {mistake && (
                <Hint id={`${fieldId}-error`} variant="error">
                  {mistake}
                </Hint>
              )}
            </div>
          )
        })}
      </div>
      <div className="flex gap-x-2">
        <Button size="small" type="submit" isLoading={searching}>
          Search
        </Button>
        <Button size="small" type="button" variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  )
}
