/** The coverage map's words (coverage-section.tsx). */
import type {
  Account,
  CartCoverage,
  StoreScopes,
} from "../../../../lib/settings-api"

export function servedByText(row: CartCoverage): string {
  if (row.served_by === "account") return row.account!.name
  if (row.served_by === "config") return "medusa-config's options"
  return "Nobody: card payments refused"
}

/** The warning naming the sales channels with carts no account serves; null when every cart is served. */
export function coverageGaps(coverage: CartCoverage[]): string | null {
  const refused = coverage.filter((row) => row.served_by === "none")
  if (!refused.length) return null
  const pairs = refused.map(
    (row) => `${row.sales_channel.name} in ${row.region.name}`
  )
  return `No account serves card payments for ${pairs.join(", ")}: shoppers there are told card payments are unavailable. Tick the sales channel or region on an account, or add an account serving every cart.`
}

/** "Sales channels: Web shop · Regions: Canada", what an account is limited to by name (an id when the store no longer has it); null when it serves every channel and region. */
export function scopeSummary(
  account: Pick<Account, "sales_channels" | "regions">,
  store: StoreScopes | undefined
): string | null {
  const named = (ids: string[], known: { id: string; name: string }[] = []) =>
    ids.map((id) => known.find((k) => k.id === id)?.name ?? id).join(", ")
  const parts = [
    account.sales_channels.length &&
      `Sales channels: ${named(account.sales_channels, store?.sales_channels)}`,
    account.regions.length &&
      `Regions: ${named(account.regions, store?.regions)}`,
  ].filter(Boolean)
  return parts.length ? parts.join(" · ") : null
}
