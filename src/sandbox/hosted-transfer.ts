/**
 * Bank transfer on the hosted page (wire contract, "Payment methods"): the
 * page shows where to send the money (a made-up sandbox account, the
 * amount, the order_no as reference); "I have sent the transfer" ends the
 * page with the payment pending (order_status -1, P0001, payment_status
 * 2100), notified and returned to return_url. The control surface then
 * receives the money or lets the transfer lapse (bank-transfers.ts).
 */
import type { Response } from "express"
import { PAYMENT_METHOD } from "../gateway/statuses"
import { awaitTransfer, SANDBOX_TRANSFER_ACCOUNT } from "./bank-transfers"
import type { SandboxContext } from "./context"
import {
  cancelForm,
  checkoutBase,
  methodSwitches,
  orderSummary,
  type MethodPage,
} from "./hosted-methods"
import { esc, sendPage } from "./pages"
import type { Transaction } from "./transactions"

export const TRANSFER_PAGE: MethodPage = {
  code: PAYMENT_METHOD.BANK_TRANSFER,
  operation: "hosted_transfer",
  page: transferPage,
  pay: awaitTransfer,
}

export function transferPage(
  ctx: SandboxContext,
  res: Response,
  tx: Transaction
): void {
  const account = SANDBOX_TRANSFER_ACCOUNT
  sendPage(
    res,
    200,
    "Pay by bank transfer",
    `<h1>Pay by bank transfer</h1>
${orderSummary(tx)}
<p>Send exactly this amount from your bank to the account below, with the reference, then confirm here.</p>
<dl>
<dt>Account holder</dt><dd>${esc(account.holder)}</dd>
<dt>IBAN</dt><dd><code>${esc(account.iban)}</code></dd>
<dt>BIC</dt><dd><code>${esc(account.bic)}</code></dd>
<dt>Amount</dt><dd>${esc(tx.amount)} ${esc(tx.currency)}</dd>
<dt>Reference</dt><dd><code>${esc(tx.order_no)}</code></dd>
</dl>
<p class="hint">Sandbox account: no real bank. The payment stays pending until the money arrives; a transfer not received within ${ctx.transferLifetimeDays} days lapses.</p>
<form method="post" action="${esc(checkoutBase(tx))}/transfer"><button type="submit">I have sent the transfer</button></form>
${cancelForm(tx)}
${methodSwitches(tx, PAYMENT_METHOD.BANK_TRANSFER)}`
  )
}
