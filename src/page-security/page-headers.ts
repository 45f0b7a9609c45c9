/**
 * Response headers for the acquirer's HTML page served from the Medusa
 * backend (the hosted-page and checkout routes). The page is the
 * acquirer's; these headers confine it: only its own inline scripts run
 * (by hash, so the page is served verbatim), its form may post only to the
 * acquirer, nothing may frame it, it is never cached and sends no referrer.
 */
import { cspHash, readPageScripts } from "./inline-scripts"

export type HostedPageHeaderOptions = {
  /**
   * Origins the page may post its form to (and load scripts, images and a
   * `<base>` from): the acquirer's `base_url`, plus the hosted payment
   * page's host when it is another one. Browsers also check the redirects
   * that follow the form post against this list.
   */
  acquirer_origins: string[]
}

export function hostedPageHeaders(
  html: string,
  options: HostedPageHeaderOptions
): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": hostedPageCsp(html, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  }
}

export function hostedPageCsp(
  html: string,
  { acquirer_origins }: HostedPageHeaderOptions
): string {
  const origins = [...new Set(acquirer_origins.map(originOf))]
  if (!origins.length)
    throw new Error("hostedPageCsp: no acquirer origin given")
  const scripts = readPageScripts(html)

  const scriptSources = [...new Set(scripts.inline.map(cspHash))]
  if (scripts.handlers.length) {
    // Event-handler attributes run only with 'unsafe-hashes' and their own hash.
    scriptSources.push(
      "'unsafe-hashes'",
      ...new Set(scripts.handlers.map(cspHash))
    )
  }
  if (scripts.external.length) scriptSources.push(...origins)

  const list = (sources: string[]) =>
    sources.length ? sources.join(" ") : "'none'"
  return [
    "default-src 'none'",
    `script-src ${list(scriptSources)}`,
    // Inline styles cannot run code; the acquirer's page may use them.
    `style-src 'unsafe-inline' ${origins.join(" ")}`,
    `img-src data: ${origins.join(" ")}`,
    `form-action ${origins.join(" ")}`,
    `base-uri ${origins.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ")
}

/** `https://pay.example.com/v1/x` → `https://pay.example.com`; only http(s). */
function originOf(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error("hostedPageCsp: an acquirer origin is not a URL")
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error("hostedPageCsp: an acquirer origin must be http(s)")
  }
  return parsed.origin
}
