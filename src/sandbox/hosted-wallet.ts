/**
 * The device wallet on the hosted page (wire contract, "Payment methods"):
 * the wallet authenticates the shopper, so there is no 3-D Secure
 * challenge; the payment is approved like a card, with the device card
 * (masked) as its card. The result, browser return, notification and query
 * carry payment_method WALLET. A wallet's device card is never kept
 * (token_flag YES stores nothing).
 */
import type express from "express"
import type { RequestHandler, Response } from "express"
import { maskCardNumber } from "../gateway/redact"
import { PAYMENT_METHOD } from "../gateway/statuses"
import { applyCardOutcome } from "./authorization"
import type { SandboxContext } from "./context"
import {
  cancelForm,
  checkoutBase,
  methodSwitches,
  NOT_NOTED,
  orderSummary,
  payableTransaction,
  type BrowserNote,
} from "./hosted-methods"
import { HOSTED_PAGE_PATH } from "./operations/checkout"
import { esc, finishInBrowser, readBrowserForm, sendPage } from "./pages"
import { notifyOutcome } from "./results"
import type { Transaction } from "./transactions"

/** The card the sandbox's wallet pays with, as the result shows it. */
export const WALLET_DEVICE_CARD = maskCardNumber("4242424242424242")

export function walletRoutes(
  router: express.Router,
  ctx: SandboxContext,
  rawText: RequestHandler,
  note: BrowserNote
): void {
  const path = `${HOSTED_PAGE_PATH}/:token/wallet`
  router.get(path, (req, res) => {
    const tx = payableTransaction(
      ctx,
      req,
      res,
      NOT_NOTED,
      "hosted_wallet",
      PAYMENT_METHOD.WALLET,
      {}
    )
    if (tx) walletPage(res, tx)
  })

  router.post(path, rawText, (req, res) => {
    const body = readBrowserForm(req)
    const tx = payableTransaction(
      ctx,
      req,
      res,
      note,
      "hosted_wallet",
      PAYMENT_METHOD.WALLET,
      body
    )
    if (!tx) return
    tx.payment_method = PAYMENT_METHOD.WALLET
    tx.card_masked = WALLET_DEVICE_CARD
    // approved as a card is, without 3-D Secure and without a card to keep
    applyCardOutcome(ctx, tx, { outcome: "approve", threeDS: false })
    notifyOutcome(ctx, tx, "PAYMENT")
    note(req, "hosted_wallet", body, 303, finishInBrowser(ctx, res, tx))
  })
}

export function walletPage(res: Response, tx: Transaction): void {
  sendPage(
    res,
    200,
    "Pay with your wallet",
    `<h1>Pay with your wallet</h1>
${orderSummary(tx)}
<p class="hint">Sandbox wallet: your device approves the payment with its stored card; there is no 3-D Secure step.</p>
<form method="post" action="${esc(checkoutBase(tx))}/wallet"><button type="submit">Pay ${esc(tx.amount)} ${esc(tx.currency)} with the wallet</button></form>
${cancelForm(tx)}
${methodSwitches(tx, PAYMENT_METHOD.WALLET)}`
  )
}
