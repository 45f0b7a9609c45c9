/**
 * An option's path in the words of the admin's account form: the options
 * an account sets under another name (website is the account's
 * website_url, the advanced ones sit under advanced).
 */
const FIELD_OF_OPTION: Record<string, string> = {
  website: "website_url",
  storefront_return_url: "storefront_url",
  storefront_cancel_url: "storefront_url",
  recipes: "advanced.recipes",
  status_codes: "advanced.status_codes",
  limits: "advanced.limits",
  lookup_retries: "advanced.lookup_retries",
  saved_cards: "advanced.saved_cards",
  retention: "advanced.retention",
  chargeback_threshold_percent: "advanced.chargeback_threshold_percent",
}

export function accountFieldOf(optionPath: string): string {
  const [top, ...rest] = optionPath.split(".")
  return [FIELD_OF_OPTION[top] ?? top, ...rest].join(".")
}
