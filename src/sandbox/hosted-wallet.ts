/**
 * The device wallet on the hosted page (wire contract, "Payment methods"):
 * the wallet authenticates the shopper, so there is no 3-D Secure
 * challenge; the payment is approved like a card, with the device card
 * (masked) as its card. The result, browser return, notification and query
 * carry payment_method WALLET. A wallet's device card is never kept
 * (token_flag YES stores nothing).
 */
import type { Response } from "express"
import { maskCardNumber } from "../gateway/redact"
import { PAYMENT_METHOD } from "../gateway/statuses"
import { applyCardOutcome } from "./authorization"
import {
  cancelForm,
  checkoutBase,
  methodSwitches,
  orderSummary,
  type MethodPage,
} from "./hosted-methods"
import { esc, sendPage } from "./pages"
import type { Transaction } from "./transactions"

/** The card the sandbox's wallet pays with, as the result shows it. */
export const WALLET_DEVICE_CARD = maskCardNumber("4242424242424242")

export const WALLET_PAGE: MethodPage = {
  code: PAYMENT_METHOD.WALLET,
  operation: "hosted_wallet",
  page: (_ctx, res, tx) => walletPage(res, tx),
  pay: (ctx, tx) => {
    tx.payment_method = PAYMENT_METHOD.WALLET
    tx.card_masked = WALLET_DEVICE_CARD
    // approved as a card is, without 3-D Secure and without a card to keep
    applyCardOutcome(ctx, tx, { outcome: "approve", threeDS: false })
  },
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
