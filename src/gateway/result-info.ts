/**
 * Result texts of the form `<code>:<text>` (result_info, error_message,
 * refund_message, return_message), e.g. `0000:Success`.
 */
export interface ResultInfo {
  code: string
  text: string
}

/** Splits at the first colon only, so the text may hold colons; no colon means no code. */
export function parseResultInfo(value: string | null | undefined): ResultInfo {
  const raw = (value ?? "").trim()
  const colon = raw.indexOf(":")
  if (colon === -1) return { code: "", text: raw }
  return { code: raw.slice(0, colon).trim(), text: raw.slice(colon + 1).trim() }
}

export function formatResultInfo({ code, text }: ResultInfo): string {
  return `${code}:${text}`
}
