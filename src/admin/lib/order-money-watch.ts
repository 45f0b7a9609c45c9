/**
 * How the order page stays true to the money without a reload. Medusa's
 * own buttons refresh the order's queries, but money also moves where the
 * page cannot see it: a capture made by the plugin after a fulfilment, a
 * payment link paid by the shopper, a bank transfer arriving or lapsing, a
 * chargeback opened any day, an outcome the acquirer confirms later. So,
 * while its tab is visible, the widget asks the server for the order's
 * money fingerprint (GET /admin/acquiring/orders/:id/money-version, a few
 * indexed reads) and, when it changed, refreshes everything the page shows
 * of the order: Medusa's cards and its own. And a refusal of anything
 * asked on the page, by Medusa's drawers too, stays on the page in words.
 */
/** How often an open, visible order page asks whether its money changed. */
export const MONEY_VERSION_MS = 5_000

/** The first part of every mutation key of the plugin: those show their own refusals. */
export const ACQUIRING_MUTATION = "acquiring"

export function isPluginMutation(key: readonly unknown[] | undefined): boolean {
  return key?.[0] === ACQUIRING_MUTATION
}

/** A request refused on this page, as the widget keeps it. */
export interface PageRefusal {
  id: number
  message: string
  /** when it was asked (ms since the epoch) */
  at: number
}

/** The server's words, else what failed. */
function refusalMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message
  if (typeof error === "string" && error.trim()) return error
  return "The request was refused, without a reason"
}

/**
 * A mutation of Medusa's dashboard (a refund drawer, a capture prompt,
 * Mark as paid…) refused since the page was opened, else null. The
 * plugin's own mutations are left out: their blocks show their refusals.
 */
export function pageRefusal(
  mutation: {
    mutationId: number
    options: { mutationKey?: readonly unknown[] }
    state: { status: string; error: unknown; submittedAt: number }
  },
  openedAt: number
): PageRefusal | null {
  if (mutation.state.status !== "error") return null
  if (isPluginMutation(mutation.options.mutationKey)) return null
  if (mutation.state.submittedAt < openedAt) return null
  return {
    id: mutation.mutationId,
    message: refusalMessage(mutation.state.error),
    at: mutation.state.submittedAt,
  }
}
