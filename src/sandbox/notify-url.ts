/**
 * Addresses in orders: notify_url must stay on this machine unless the
 * operator names more hosts; browser addresses (return_url, cancel_url) may
 * be any http(s) URL, as only the shopper's browser goes there.
 */
import { isIP } from "node:net"
import { Refusal } from "./result-codes"

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase()
  if (host === "localhost" || host.endsWith(".localhost")) return true
  if (isIP(host) === 4) return host.startsWith("127.")
  return host === "::1" || host.startsWith("::ffff:127.")
}

/** Refuses (E0001) a notify_url that is not http(s) or names a host not allowed. */
export function checkNotifyUrl(
  value: string,
  extraHosts: readonly string[],
  field = "notify_url"
): void {
  if (value === "") return
  checkBrowserUrl(value, field)
  const url = new URL(value)
  if (extraHosts.includes("*") || isLoopbackHost(url.hostname)) return
  if (
    extraHosts.map((h) => h.toLowerCase()).includes(url.hostname.toLowerCase())
  )
    return
  throw Refusal.field(
    "E0001",
    field,
    "must be on loopback (127.0.0.1, ::1, localhost) unless the sandbox operator allows its host"
  )
}

/** Refuses (E0001) a browser address that is not an absolute http(s) URL. */
export function checkBrowserUrl(value: string, field: string): void {
  if (value === "" || isHttpUrl(value)) return
  throw Refusal.field("E0001", field, "must be an absolute http(s) URL")
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}
