/** The coverage map's words (coverage-section.tsx). */
import type { CartCoverage } from "../../../../lib/settings-api"

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
