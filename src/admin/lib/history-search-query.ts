/**
 * The Payment history page's search: what each field takes, the check made
 * before asking (the server's own rules, so a mistake is named beside its
 * field), and the query sent. Dates are the admin's own days, as the
 * entries' times are shown in the admin's zone.
 */
export const HISTORY_FIELDS = [
  "order",
  "order_no",
  "transaction_id",
  "operation",
  "outcome",
] as const
export type HistoryTextField = (typeof HISTORY_FIELDS)[number]

export type HistorySearchForm = Partial<
  Record<HistoryTextField | "from" | "to", string>
>

export type HistorySearchMistakes = Partial<
  Record<keyof HistorySearchForm, string>
>

const TOKEN = /^[A-Za-z0-9_.:# -]{1,60}$/
/** several values separated by commas (any of them matches), as the placeholders show */
const TOKEN_LIST = /^[A-Za-z0-9_.:# -]{1,60}(,[A-Za-z0-9_.:# -]{1,60}){0,9}$/
const LISTS: readonly HistoryTextField[] = ["operation", "outcome"]
const ORDER = /^#?\d{1,9}$|^order_[A-Za-z0-9]{1,43}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Each field's mistake; empty when the form can be searched. */
export function historySearchMistakes(
  form: HistorySearchForm
): HistorySearchMistakes {
  const mistakes: HistorySearchMistakes = {}
  for (const field of HISTORY_FIELDS) {
    const value = form[field]?.trim()
    const list = LISTS.includes(field)
    if (value && !(list ? TOKEN_LIST : TOKEN).test(value))
      mistakes[field] = list
        ? "Up to 60 letters, digits, spaces or _ . : # - each, several separated by commas"
        : "Up to 60 letters, digits, spaces or _ . : # -"
  }
  const order = form.order?.trim()
  if (order && !mistakes.order && !ORDER.test(order))
    mistakes.order = "An order as the admin shows it, e.g. #12"
  for (const field of ["from", "to"] as const)
    if (form[field] && !DAY.test(form[field]!))
      mistakes[field] = "A date such as 2026-11-27"
  if (
    !mistakes.from &&
    !mistakes.to &&
    form.from &&
    form.to &&
    form.from > form.to
  )
    mistakes.to = "To is before From"
  return mistakes
}

/** A local calendar day's first or last moment, as the server's ISO time. */
function localDayEdge(day: string, end: boolean): string {
  const [y, m, d] = day.split("-").map(Number)
  return (
    end
      ? new Date(y, m - 1, d, 23, 59, 59, 999)
      : new Date(y, m - 1, d, 0, 0, 0, 0)
  ).toISOString()
}

/** The query of GET /admin/acquiring/history: the fields filled in, and the page. */
export function historySearchQuery(
  form: HistorySearchForm,
  page: { limit: number; offset: number }
): Record<string, string> {
  const query: Record<string, string> = {}
  for (const field of HISTORY_FIELDS) {
    const value = form[field]?.trim()
    if (value) query[field] = value
  }
  if (form.from) query.from = localDayEdge(form.from, false)
  if (form.to) query.to = localDayEdge(form.to, true)
  query.limit = String(page.limit)
  query.offset = String(page.offset)
  return query
}

/** The search a link to the page names in its query (`?operation=refund&from=…`): the known fields only. */
export function historySearchOfUrl(params: URLSearchParams): HistorySearchForm {
  const form: HistorySearchForm = {}
  for (const field of [...HISTORY_FIELDS, "from", "to"] as const) {
    const value = params.get(field)?.trim()
    if (value) form[field] = value
  }
  return form
}

/** The page's address searching `form`, for a link from another page. */
export function historySearchPath(form: HistorySearchForm): string {
  const query = new URLSearchParams(
    Object.entries(form).filter(
      (entry): entry is [string, string] => !!entry[1]
    )
  )
  return `/payment-history?${query.toString()}`
}
