/**
 * The hosted payment page the checkout form posts to. The shopper enters a
 * card in a real browser; the sandbox decides it like a direct payment (with
 * 3-D Secure always on) and sends the shopper to return_url with the signed
 * result, or to cancel_url when they give up. A declined card ends the payment.
 * When the checkout asked to keep the card (token_flag YES), an authorised
 * payment stores it and the result carries its token_id.
 *
 * The page opens on the checkout's payment_method; without one it opens on
 * the card form with buttons to every other method offered for the amount:
 * the device wallet (hosted-wallet.ts) and, from 100 major units, bank
 * transfer (hosted-transfer.ts). Cancel works on every method's page.
 */
import express, { type RequestHandler, type Response } from "express"
import { PAYMENT_METHOD } from "../gateway/statuses"
import { applyCardOutcome, issuerUrl, startSubscription } from "./authorization"
import type { SandboxContext } from "./context"
import {
  cancelForm,
  checkoutBase,
  methodPageRoutes,
  methodSwitches,
  notFoundPage,
  payableTransaction,
  processedPage,
  type BrowserNote,
} from "./hosted-methods"
import { TRANSFER_PAGE, transferPage } from "./hosted-transfer"
import { WALLET_PAGE, walletPage } from "./hosted-wallet"
import { HOSTED_PAGE_PATH } from "./operations/checkout"
import { esc, finishInBrowser, readBrowserForm, sendPage } from "./pages"
import { notifyOutcome } from "./results"
import { signaturesMatch } from "./signer"
import { decideCard, type TestCard } from "./test-cards"
import type { Transaction, TransactionState } from "./transactions"

export type { BrowserNote } from "./hosted-methods"

export function hostedPageRoutes(
  ctx: SandboxContext,
  rawText: RequestHandler,
  note: BrowserNote
): express.Router {
  const router = express.Router()

  router.post(HOSTED_PAGE_PATH, rawText, (req, res) => {
    const body = readBrowserForm(req)
    const tx = ctx.store.transactionByToken(
      String(body.paymentToken ?? ""),
      "checkout"
    )
    if (!tx || tx.order_no !== String(body.order_no ?? body.orderNo ?? "")) {
      note(req, "hosted_page", body, 404, "unknown payment")
      return sendPage(
        res,
        404,
        "Payment not found",
        "<h1>Payment not found</h1><p>This payment form does not name an open payment.</p>"
      )
    }
    if (!signaturesMatch(body.signInfo, tx.checkout_signature ?? "")) {
      note(req, "hosted_page", body, 400, "signInfo mismatch")
      return sendPage(
        res,
        400,
        "Payment form altered",
        "<h1>Payment form altered</h1><p>The signature of this payment form does not match.</p>"
      )
    }
    note(
      req,
      "hosted_page",
      body,
      200,
      `${tx.requested_payment_method ?? "every method"} page ${tx.transaction_id}`
    )
    openingPage(ctx, res, tx)
  })

  router.get(`${HOSTED_PAGE_PATH}/:token`, (req, res) => {
    const tx = ctx.store.transactionByToken(req.params.token, "checkout")
    if (!tx) return notFoundPage(res)
    openingPage(ctx, res, tx)
  })

  router.post(`${HOSTED_PAGE_PATH}/:token/pay`, rawText, (req, res) => {
    const body = readBrowserForm(req)
    const tx = payableTransaction(
      ctx,
      req,
      res,
      note,
      "hosted_pay",
      PAYMENT_METHOD.CARD,
      body
    )
    if (!tx) return
    const decision = decideCard(body, ctx.cards, ctx.clock())
    if (decision.kind === "invalid") {
      note(req, "hosted_pay", body, 400, `E0001 ${decision.problem.field}`)
      return cardPage(
        ctx,
        res,
        tx,
        `${decision.problem.field} ${decision.problem.reason}`
      )
    }
    tx.payment_method = PAYMENT_METHOD.CARD
    tx.card_masked = decision.masked
    if (typeof body.first_name === "string" && body.first_name !== "")
      tx.first_name = body.first_name
    if (typeof body.last_name === "string" && body.last_name !== "")
      tx.last_name = body.last_name
    // the checkout request's token_flag (tx.keep_card) decides, not the shopper's form
    applyCardOutcome(ctx, tx, {
      outcome: decision.outcome,
      reason: decision.reason,
      threeDS: true,
      card: decision.card,
    })
    // a first payment made on the page starts its subscription, as a direct one does
    startSubscription(ctx, tx, tx.subscription_asked)
    // applyCardOutcome moved the state on
    if ((tx.state as TransactionState) === "pending_3ds") {
      note(
        req,
        "hosted_pay",
        body,
        303,
        `3-D Secure challenge ${tx.transaction_id}`
      )
      return res.redirect(303, issuerUrl(ctx, tx))
    }
    notifyOutcome(ctx, tx, "PAYMENT")
    note(req, "hosted_pay", body, 303, finishInBrowser(ctx, res, tx))
  })

  router.post(`${HOSTED_PAGE_PATH}/:token/cancel`, rawText, (req, res) => {
    const body = readBrowserForm(req)
    const tx = ctx.store.transactionByToken(req.params.token, "checkout")
    if (!tx) return notFoundPage(res)
    if (tx.state === "awaiting_card") {
      tx.state = "voided"
      tx.result_info = "E0005:Cancelled by the shopper"
      tx.updated_at = ctx.clock()
      notifyOutcome(ctx, tx, "PAYMENT")
    }
    note(req, "hosted_cancel", body, 303, finishInBrowser(ctx, res, tx, true))
  })

  for (const method of [WALLET_PAGE, TRANSFER_PAGE])
    methodPageRoutes(router, ctx, rawText, note, method)
  return router
}

/** The page the checkout opens on: its payment_method's, or the card form with the others a button away. */
function openingPage(
  ctx: SandboxContext,
  res: Response,
  tx: Transaction
): void {
  if (tx.state !== "awaiting_card") return processedPage(res, tx)
  switch (tx.requested_payment_method) {
    case PAYMENT_METHOD.WALLET:
      return walletPage(res, tx)
    case PAYMENT_METHOD.BANK_TRANSFER:
      return transferPage(ctx, res, tx)
    default:
      return cardPage(ctx, res, tx)
  }
}

function cardPage(
  ctx: SandboxContext,
  res: Response,
  tx: Transaction,
  error?: string
): void {
  const base = checkoutBase(tx)
  if (tx.state !== "awaiting_card") return processedPage(res, tx)
  sendPage(
    res,
    error ? 400 : 200,
    "Pay by card",
    `<h1>Pay ${esc(tx.amount)} ${esc(tx.currency)}</h1>
<p>Order ${esc(tx.order_no)}${tx.website ? ` at ${esc(tx.website)}` : ""}</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ""}
<form method="post" action="${esc(base)}/pay" autocomplete="off">
<div class="row"><div><label for="first_name">First name</label><input id="first_name" name="first_name" value="${esc(tx.first_name)}"></div>
<div><label for="last_name">Last name</label><input id="last_name" name="last_name" value="${esc(tx.last_name)}"></div></div>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="off" required>
<div class="row"><div><label for="expiration_month">Month (MM)</label><input id="expiration_month" name="expiration_month" inputmode="numeric" required></div>
<div><label for="expiration_year">Year (YYYY)</label><input id="expiration_year" name="expiration_year" inputmode="numeric" required></div>
<div><label for="security_code">Security code</label><input id="security_code" name="security_code" inputmode="numeric" autocomplete="off" required></div></div>
${tx.keep_card ? `<p class="hint">The shop asked to keep this card for later payments.</p>` : ""}
<button type="submit">Pay</button>
</form>
${cancelForm(tx)}
${methodSwitches(tx, PAYMENT_METHOD.CARD)}
${testCardHint(ctx.cards)}`
  )
}

function testCardHint(cards: readonly TestCard[]): string {
  const rows = cards
    .map(
      (c) =>
        `<tr><td><code>${esc(c.number)}</code></td><td>${esc(c.description)}</td></tr>`
    )
    .join("")
  return `<h2>Test cards</h2><table>${rows}</table><p class="hint">Any future expiry; security code 000 declines.</p>`
}
