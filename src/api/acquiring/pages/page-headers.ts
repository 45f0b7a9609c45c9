/**
 * Headers for the acquirer's HTML page served from this backend: never
 * cached, never sniffed, never framed, no referrer to the acquirer.
 */
export function hostedPageHeaders(
  _html: string,
  _acquirerBaseUrl: string
): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
  }
}
