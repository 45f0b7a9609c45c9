/**
 * Which method paid, in the admin's words: "Card", "Wallet", "Bank
 * transfer", or the acquirer's own code for one the plugin does not know.
 * An awaited transfer says since when it is awaited.
 */
const METHOD_NAMES: Record<string, string> = {
  CARD: "Card",
  WALLET: "Wallet",
  BANK_TRANSFER: "Bank transfer",
}

export function paymentMethodText(
  method: string | null | undefined,
  awaitedSince?: string | null
): string | undefined {
  if (!method) return undefined
  const name = METHOD_NAMES[method] ?? method
  if (!awaitedSince) return name
  const since = new Date(awaitedSince)
  const when = Number.isNaN(since.getTime())
    ? awaitedSince
    : since.toLocaleString("en-GB", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "UTC",
      }) + " UTC"
  return `${name}, awaiting the transfer since ${when}`
}
