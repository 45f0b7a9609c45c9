/**
 * What the hosted page's methods share: which methods a hosted payment is
 * open to, the buttons that switch between them, cancel, and the guard
 * every paying route passes first.
 */
import type express from "express"
import type { Request, RequestHandler, Response } from "express"
import { PAYMENT_METHOD } from "../gateway/statuses"
import type { SandboxContext } from "./context"
import { HOSTED_PAGE_PATH } from "./operations/checkout"
import { esc, finishInBrowser, readBrowserForm, sendPage } from "./pages"
import { notifyOutcome } from "./results"
import {
  isOffered,
  offeredMethods,
  type PaymentMethodCode,
} from "./payment-methods"
import type { Transaction } from "./transactions"

export type BrowserNote = (
  req: Request,
  operation: string,
  body: Record<string, unknown>,
  status: number,
  summary: string
) => void

/** Where each method's page lives under the payment's own path. */
const METHOD_PATH: Record<PaymentMethodCode, string> = {
  CARD: "",
  WALLET: "/wallet",
  BANK_TRANSFER: "/transfer",
}

/** The names of the buttons that switch to a method. */
const SWITCH_LABEL: Record<PaymentMethodCode, string> = {
  CARD: "Pay by card",
  WALLET: "Pay with a digital wallet",
  BANK_TRANSFER: "Pay by bank transfer",
}

/** The payment's own path: `/checkout/<token>`. */
export function checkoutBase(tx: Transaction): string {
  return `${HOSTED_PAGE_PATH}/${encodeURIComponent(tx.checkout_token ?? "")}`
}

/** The method is offered for the amount and the checkout did not ask for another. */
export function openTo(tx: Transaction, method: PaymentMethodCode): boolean {
  if (!isOffered(method, tx.amount)) return false
  return (
    tx.requested_payment_method === undefined ||
    tx.requested_payment_method === method
  )
}

/** The buttons to the other methods, when the checkout left the choice to the shopper. */
export function methodSwitches(
  tx: Transaction,
  current: PaymentMethodCode
): string {
  if (tx.requested_payment_method !== undefined) return ""
  const others = offeredMethods(tx.amount)
    .map((m) => m.payment_method)
    .filter((code) => code !== current)
  if (others.length === 0) return ""
  const buttons = others
    .map(
      (code) =>
        `<form method="get" action="${esc(checkoutBase(tx) + METHOD_PATH[code])}"><button type="submit">${esc(SWITCH_LABEL[code])}</button></form>`
    )
    .join("\n")
  return `<section aria-labelledby="other-methods"><h2 id="other-methods">Other ways to pay</h2>
${buttons}
</section>`
}

export function cancelForm(tx: Transaction): string {
  return `<form method="post" action="${esc(checkoutBase(tx))}/cancel"><button type="submit">Cancel and return to the shop</button></form>`
}

/** "Pay 42.00 EUR" and the order line every method's page opens with. */
export function orderSummary(tx: Transaction): string {
  return `<p>${esc(tx.amount)} ${esc(tx.currency)}, order ${esc(tx.order_no)}${tx.website ? ` at ${esc(tx.website)}` : ""}</p>`
}

/** For the pages a GET shows: nothing is noted in the request log. */
export const NOT_NOTED: BrowserNote = () => undefined

export function notFoundPage(res: Response): void {
  sendPage(res, 404, "Payment not found", "<h1>Payment not found</h1>")
}

export function processedPage(res: Response, tx: Transaction): void {
  sendPage(
    res,
    409,
    "Payment already processed",
    `<h1>Payment already processed</h1><p>Order ${esc(tx.order_no)}: ${esc(tx.result_info)}</p>`
  )
}

export function notOfferedPage(
  res: Response,
  tx: Transaction,
  method: PaymentMethodCode
): void {
  const back =
    tx.requested_payment_method === undefined ||
    tx.requested_payment_method === PAYMENT_METHOD.CARD
      ? ""
      : METHOD_PATH[tx.requested_payment_method]
  sendPage(
    res,
    400,
    "Payment method not available",
    `<h1>Payment method not available</h1>
<p>This payment of ${esc(tx.amount)} ${esc(tx.currency)} cannot be paid with ${esc(method)}.</p>
<p><a href="${esc(checkoutBase(tx) + back)}">Back to the payment</a></p>`
  )
}

/**
 * The payment a browser route acts on, when it may: a known token (404
 * otherwise), still waiting for the shopper (409), open to the method (400).
 * Each refusal is answered and noted here.
 */
export function payableTransaction(
  ctx: SandboxContext,
  req: Request,
  res: Response,
  note: BrowserNote,
  operation: string,
  method: PaymentMethodCode,
  body: Record<string, unknown>
): Transaction | undefined {
  const tx = ctx.store.transactionByToken(
    String(req.params.token ?? ""),
    "checkout"
  )
  if (!tx) {
    note(req, operation, body, 404, "unknown payment")
    notFoundPage(res)
    return undefined
  }
  if (tx.state !== "awaiting_card") {
    note(req, operation, body, 409, "already paid")
    processedPage(res, tx)
    return undefined
  }
  if (!openTo(tx, method)) {
    note(req, operation, body, 400, `${method} not offered`)
    notOfferedPage(res, tx, method)
    return undefined
  }
  return tx
}

/** A method of the hosted page other than the card: its page, and what the shopper's go-ahead does. */
export interface MethodPage {
  code: Exclude<PaymentMethodCode, "CARD">
  /** the request log's operation */
  operation: string
  page: (ctx: SandboxContext, res: Response, tx: Transaction) => void
  /** moves the transaction on; the PAYMENT notification and the way back follow */
  pay: (ctx: SandboxContext, tx: Transaction) => void
}

/** GET shows the method's page, POST pays with it: each only for a payment open to the method. */
export function methodPageRoutes(
  router: express.Router,
  ctx: SandboxContext,
  rawText: RequestHandler,
  note: BrowserNote,
  method: MethodPage
): void {
  const path = `${HOSTED_PAGE_PATH}/:token${METHOD_PATH[method.code]}`
  router.get(path, (req, res) => {
    const tx = payableTransaction(
      ctx,
      req,
      res,
      NOT_NOTED,
      method.operation,
      method.code,
      {}
    )
    if (tx) method.page(ctx, res, tx)
  })
  router.post(path, rawText, (req, res) => {
    const body = readBrowserForm(req)
    const tx = payableTransaction(
      ctx,
      req,
      res,
      note,
      method.operation,
      method.code,
      body
    )
    if (!tx) return
    method.pay(ctx, tx)
    notifyOutcome(ctx, tx, "PAYMENT")
    note(req, method.operation, body, 303, finishInBrowser(ctx, res, tx))
  })
}
