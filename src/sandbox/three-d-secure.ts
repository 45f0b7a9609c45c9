/**
 * The issuer's 3-D Secure challenge page. The merchant sends the shopper to
 * issuer_url with a POST carrying return_url and notify_url; the shopper
 * passes or fails the challenge; the result is notified and the shopper goes
 * back to return_url with the signed result.
 */
import express, {
  type Request,
  type RequestHandler,
  type Response,
} from "express"
import { completeChallenge } from "./authorization"
import type { SandboxContext } from "./context"
import type { BrowserNote } from "./hosted-page"
import { checkBrowserUrl, checkNotifyUrl } from "./notify-url"
import { esc, finishInBrowser, readBrowserForm, sendPage } from "./pages"
import { Refusal } from "./result-codes"
import { notifyOutcome } from "./results"
import type { Transaction } from "./transactions"

export const CHALLENGE_PATH = "/3ds/challenge"

export function threeDSecureRoutes(
  ctx: SandboxContext,
  rawText: RequestHandler,
  note: BrowserNote
): express.Router {
  const router = express.Router()

  const open = (req: Request, res: Response) => {
    const body = readBrowserForm(req)
    const tx = ctx.store.transactionByToken(req.params.token, "challenge")
    if (!tx) {
      note(req, "challenge", body, 404, "unknown challenge")
      return sendPage(
        res,
        404,
        "Authentication not found",
        "<h1>Authentication not found</h1>"
      )
    }
    try {
      takeUrls(ctx, tx, body)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      note(req, "challenge", body, 400, error.info)
      return sendPage(
        res,
        400,
        "Authentication refused",
        `<h1>Authentication refused</h1><p class="error">${esc(error.info)}</p>`
      )
    }
    note(
      req,
      "challenge",
      body,
      tx.state === "pending_3ds" ? 200 : 409,
      `challenge page ${tx.transaction_id}`
    )
    challengePage(res, tx)
  }
  router.get(`${CHALLENGE_PATH}/:token`, open)
  router.post(`${CHALLENGE_PATH}/:token`, rawText, open)

  router.post(`${CHALLENGE_PATH}/:token/complete`, rawText, (req, res) => {
    const body = readBrowserForm(req)
    const tx = ctx.store.transactionByToken(req.params.token, "challenge")
    if (!tx) {
      note(req, "challenge_complete", body, 404, "unknown challenge")
      return sendPage(
        res,
        404,
        "Authentication not found",
        "<h1>Authentication not found</h1>"
      )
    }
    const outcome = String(body.outcome ?? "")
    if (outcome !== "pass" && outcome !== "fail") {
      note(req, "challenge_complete", body, 400, "outcome missing")
      return sendPage(
        res,
        400,
        "Choose an outcome",
        `<p class="error">outcome must be pass or fail</p>`
      )
    }
    if (resolveChallenge(ctx, tx, outcome === "pass")) {
      note(req, "challenge_complete", body, 303, finishInBrowser(ctx, res, tx))
    } else {
      note(req, "challenge_complete", body, 409, "already completed")
      challengePage(res, tx)
    }
  })

  return router
}

/** Completes a pending challenge and notifies the result; false when nothing was pending. */
export function resolveChallenge(
  ctx: SandboxContext,
  tx: Transaction,
  passed: boolean
): boolean {
  if (!completeChallenge(ctx, tx, passed)) return false
  notifyOutcome(ctx, tx, "PAYMENT")
  return true
}

/** return_url and notify_url posted by the merchant replace those of the order. */
function takeUrls(
  ctx: SandboxContext,
  tx: Transaction,
  body: Record<string, unknown>
): void {
  if (tx.state !== "pending_3ds") return
  const notifyUrl = typeof body.notify_url === "string" ? body.notify_url : ""
  const returnUrl = typeof body.return_url === "string" ? body.return_url : ""
  if (notifyUrl !== "") {
    checkNotifyUrl(notifyUrl, ctx.notifyHosts)
    tx.notify_url = notifyUrl
  }
  if (returnUrl !== "") {
    checkBrowserUrl(returnUrl, "return_url")
    tx.return_url = returnUrl
  }
}

function challengePage(res: Response, tx: Transaction): void {
  if (tx.state !== "pending_3ds") {
    return sendPage(
      res,
      409,
      "Authentication complete",
      `<h1>Authentication complete</h1><p>${esc(tx.threeds_result)}: ${esc(tx.result_info)}</p>`
    )
  }
  const action = `${CHALLENGE_PATH}/${encodeURIComponent(tx.challenge_token ?? "")}/complete`
  sendPage(
    res,
    200,
    "3-D Secure authentication",
    `<h1>Confirm your payment</h1>
<p>${esc(tx.amount)} ${esc(tx.currency)} with card ${esc(tx.card_masked)}, order ${esc(tx.order_no)}.</p>
<p class="hint">Sandbox issuer: choose the outcome of the authentication.</p>
<form method="post" action="${esc(action)}"><input type="hidden" name="outcome" value="pass"><button type="submit">Authenticate (pass)</button></form>
<form method="post" action="${esc(action)}"><input type="hidden" name="outcome" value="fail"><button type="submit">Fail authentication</button></form>`
  )
}
