/** Plain HTML pages for the shopper's browser; every value escaped with `he`. */
import he from "he"
import type { Request, Response } from "express"
import { decodeBody } from "../gateway/codecs/form"
import type { SandboxContext } from "./context"
import { returnLocation, signedFlatResult } from "./results"
import { orderStatus, type Transaction } from "./transactions"

export function esc(value: unknown): string {
  return he.encode(value === undefined || value === null ? "" : String(value), {
    useNamedReferences: true,
  })
}

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
label { display: block; margin: .6rem 0 .2rem; }
input { width: 100%; padding: .4rem; box-sizing: border-box; }
.row { display: flex; gap: .6rem; } .row > div { flex: 1; }
button { margin-top: 1rem; padding: .5rem 1.2rem; }
.error { color: #b00020; } .hint { color: #666; font-size: .85rem; }
table { border-collapse: collapse; font-size: .85rem; } td { padding: .1rem .5rem; }
</style>
</head>
<body>
<p class="hint">Sandbox acquiring service: no real money moves.</p>
${body}
</body>
</html>
`
}

export function sendPage(
  res: Response,
  status: number,
  title: string,
  body: string
): void {
  res.status(status).type("text/html; charset=utf-8").send(page(title, body))
}

/**
 * Sends the shopper back with the signed result: to return_url (cancel_url
 * when the shopper gave up and one was given) or, without either, to a
 * result page.
 */
export function finishInBrowser(
  ctx: SandboxContext,
  res: Response,
  tx: Transaction,
  canceled = false
): string {
  const account = ctx.accounts.find(tx.merchant_id, tx.account_id)
  const target =
    canceled && tx.cancel_url !== "" ? tx.cancel_url : tx.return_url
  const fields = account ? signedFlatResult(ctx, account, tx) : {}
  if (target !== "") {
    res.redirect(303, returnLocation(target, fields))
    return `303 → ${new URL(target).origin} order_status=${orderStatus(tx)}`
  }
  sendPage(
    res,
    200,
    "Payment result",
    `<h1>Payment result</h1><p>Order ${esc(tx.order_no)}: ${esc(tx.result_info)} (order_status ${esc(orderStatus(tx))})</p>`
  )
  return `result page order_status=${orderStatus(tx)}`
}

/** A browser's form post; an unreadable body is an empty form. */
export function readBrowserForm(req: Request): Record<string, unknown> {
  try {
    return decodeBody(
      typeof req.body === "string" ? req.body : "",
      req.get("content-type")
    )
  } catch {
    return {}
  }
}
