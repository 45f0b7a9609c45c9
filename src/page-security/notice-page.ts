/**
 * A short page of the plugin's own for a browser that reaches an address
 * with nothing (left) to show, e.g. a hosted-page address already used: a
 * heading, a sentence and at most one link, no script, no form, no outside
 * resource, and headers that allow nothing else.
 */
import he from "he"

export type NoticePage = {
  title: string
  text: string
  /** an http(s) address the shopper is sent on to, e.g. back to the shop */
  link?: { href: string; label: string }
}

export function noticePageHeaders(): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  }
}

function isWebAddress(href: string): boolean {
  try {
    const { protocol } = new URL(href)
    return protocol === "https:" || protocol === "http:"
  } catch {
    return false
  }
}

export function noticePageHtml({ title, text, link }: NoticePage): string {
  const e = (value: string) => he.encode(value, { useNamedReferences: true })
  const onward =
    link && isWebAddress(link.href)
      ? `<p><a href="${e(link.href)}">${e(link.label)}</a></p>`
      : ""
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${e(title)}</title>`,
    "<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>",
    `</head><body><main><h1>${e(title)}</h1><p>${e(text)}</p>${onward}</main></body></html>`,
  ].join("\n")
}
