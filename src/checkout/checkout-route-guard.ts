/**
 * Medusa's own routes that a checkout with the plugin calls: creating the
 * cart's payment collection and its payment session
 * (`POST /store/payment-collections`, `…/:id/payment-sessions`) and
 * completing the cart (`POST /store/carts/:id/complete`). Medusa's
 * validators and error handler write a refused value into the answer and
 * the log (`Expected type: 'record' for field 'data', got: '4000…'`), and a
 * value holding a `toString` that is not a function made that throw: the
 * shopper got a 500. Registered without methods, this runs ahead of
 * Medusa's validators, for every provider, and refuses with a 400 naming
 * the field, never the value:
 *
 * - a body past the input limits, names that shadow Object.prototype,
 *   strings PostgreSQL cannot store (no session could hold them);
 * - a card number anywhere in the body (a value, a key, a long number), in
 *   the path (an id) or in the query: the card goes only to the card route.
 *   Another provider's session data, when it is an object, is that
 *   provider's own and is left to it.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  cardNumberIssues,
  holdsCardNumber,
  inspectUntrusted,
  invalidDataBody,
  type InputIssue,
} from "../input-hardening/index"
import { isAcquiringProvider } from "../accounts/provider-entries"

/** The path's parameters of the guarded routes, by position. */
const PATH_PARAMS: [RegExp, string[]][] = [
  [
    /^\/store\/payment-collections\/([^/]*)(?:\/payment-sessions(?:\/([^/]*))?)?\/?$/,
    ["id", "session_id"],
  ],
  [/^\/store\/carts\/([^/]*)\/complete\/?$/, ["id"]],
]

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function pathIssues(url: string): InputIssue[] {
  const path = url.split("?")[0]!
  for (const [pattern, names] of PATH_PARAMS) {
    const match = pattern.exec(path)
    if (!match) continue
    return names.flatMap((name, i) =>
      match[i + 1] !== undefined && holdsCardNumber(decoded(match[i + 1]))
        ? [{ field: name, reason: "is not an id" }]
        : []
    )
  }
  return []
}

/**
 * What of a body is scanned for card numbers: all of it, but the session
 * data another provider is given whole (a valid object Medusa neither
 * echoes nor logs: that provider's own business, where a number such as a
 * millisecond time may pass Luhn).
 */
function scannedBody(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body
  const { provider_id: providerId, data } = body as Record<string, unknown>
  const othersData =
    typeof providerId === "string" &&
    !isAcquiringProvider(providerId) &&
    !!data &&
    typeof data === "object" &&
    !Array.isArray(data)
  if (!othersData) return body
  const { data: _given, ...rest } = body as Record<string, unknown>
  return rest
}

export function refuseUntrustedCheckoutRequest(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
): void {
  const withBody = req.method === "POST"
  const untrusted = withBody ? inspectUntrusted(req.body) : []
  const issues = untrusted.length
    ? untrusted
    : [
        // the path as routed (the request log's middleware has masked originalUrl already)
        ...pathIssues(`${req.baseUrl ?? ""}${req.path ?? ""}`),
        ...cardNumberIssues(req.query),
        ...(withBody ? cardNumberIssues(scannedBody(req.body)) : []),
      ]
  if (issues.length) {
    res.status(400).json(invalidDataBody(issues))
    return
  }
  next()
}
