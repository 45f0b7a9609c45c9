/**
 * The Chargebacks page's filters: a search box (an order as the admin
 * shows it, #12, or the acquirer's order number, transaction id or
 * chargeback reference), the status, when it was
 * opened and the last day to respond by. Each applies as it is changed.
 */
import { Hint, Input, Label } from "@medusajs/ui"
import { useId } from "react"
import { FilterSelect } from "../../../components/filter-select"
import {
  searchMistake,
  type ChargebackFilters,
  type ChargebackState,
} from "../../../lib/chargebacks-api"

type Filterable = Omit<ChargebackFilters, "limit" | "offset">

const STATUSES: { value: ChargebackState | "all"; label: string }[] = [
  { value: "all", label: "All statuses" },
  { value: "OPEN", label: "Open" },
  { value: "WON", label: "Won" },
  { value: "LOST", label: "Lost" },
]

const DATES: { field: keyof Filterable; label: string }[] = [
  { field: "opened_from", label: "Opened from" },
  { field: "opened_to", label: "Opened to" },
  { field: "respond_by_to", label: "Respond by, on or before" },
]

export function ChargebackFilterBar({
  filters,
  search,
  onSearch,
  onChange,
}: {
  filters: Filterable
  /** the box's text, which may not be searchable yet */
  search: string
  onSearch: (text: string) => void
  onChange: (patch: Partial<Filterable>) => void
}) {
  const id = useId()
  const mistake = searchMistake(search)
  return (
    <div className="flex flex-wrap items-end gap-3 px-6 py-4">
      <div className="flex flex-col gap-y-1">
        <Label size="xsmall" htmlFor={`${id}-q`}>
          Search
        </Label>
        {/* a search input's magnifier in Medusa UI is an image without a name: plain text with a role instead */}
        <Input
          id={`${id}-q`}
          size="small"
          type="text"
          role="searchbox"
          placeholder="Order #12, acquirer order number, transaction, CB reference"
          className="w-72"
          value={search}
          aria-invalid={mistake ? true : undefined}
          aria-describedby={mistake ? `${id}-q-error` : undefined}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-y-1">
        <Label size="xsmall" id={`${id}-status`}>
          Status
        </Label>
        <FilterSelect
          className="w-40"
          aria-labelledby={`${id}-status`}
          value={filters.status ?? "all"}
          options={STATUSES}
          onChange={(v) => onChange({ status: v === "all" ? undefined : v })}
        />
      </div>
      {DATES.map(({ field, label }) => (
        <div key={field} className="flex flex-col gap-y-1">
          <Label size="xsmall" htmlFor={`${id}-${field}`}>
            {label}
          </Label>
          <Input
            id={`${id}-${field}`}
            size="small"
            type="date"
            className="w-40"
            value={filters[field] ?? ""}
            onChange={(e) => onChange({ [field]: e.target.value || undefined })}
          />
        </div>
      ))}
      {mistake && (
        <Hint
          id={`${id}-q-error`}
          variant="error"
          role="alert"
          className="basis-full"
        >
          {mistake}
        </Hint>
      )}
    </div>
  )
}
