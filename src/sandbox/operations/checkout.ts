/**
 * POST /v1/checkout: opens a hosted payment and answers the HTML page of the
 * interface document: form `theForm` posting to the hosted payment page,
 * static hidden inputs, script-added inputs under both names, and the
 * inputs the service sets. Refusals are HTTP 400 `{code, source, message}`.
 * An optional payment_method opens the page on that method only; it must be
 * one the account offers for the amount.
 */
import { renderCheckoutPage } from "../../gateway/codecs/checkout-page"
import { encodeForm, type FormValue } from "../../gateway/codecs/form"
import {
  identify,
  badRequest,
  unknownAccount,
  type Operation,
} from "../context"
import { assertNewOrderNo, openTransaction, readOrder } from "../order-intake"
import {
  isOffered,
  offeredMethods,
  type PaymentMethodCode,
} from "../payment-methods"
import { Refusal } from "../result-codes"
import { text, type WireBody } from "../wire-fields"

/** camel-case alias → request field; the page carries each value under both names. */
export const SCRIPT_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  orderNo: "order_no",
  orderCurrency: "currency",
  orderAmount: "amount",
  merNo: "merchant_id",
  gatewayNo: "account_id",
  firstName: "first_name",
  lastName: "last_name",
  email: "shopper_email",
  phone: "shopper_phone",
  zip: "billing_postal_code",
  state: "billing_state",
  city: "billing_city",
  address: "billing_address",
  country: "billing_country",
  shipFirstName: "delivery_firstname",
  shipLastName: "delivery_lastname",
  shipCountry: "delivery_country",
  shipState: "delivery_state",
  shipCity: "delivery_city",
  shipAddress: "delivery_address",
  shipZip: "delivery_postal_code",
  itemTotal: "item_total",
  taxTotal: "tax_total",
  shipFee: "shipping",
  shippingDiscount: "shipping_discount",
  goodsInfo: "items",
  remark: "note",
  notifyUrl: "notify_url",
  shopperId: "shopper_id",
  shopperLevel: "shopper_level",
  isOpen3D: "open3d",
  token: "token_flag",
  defaultLang: "default_lang",
})

export const HOSTED_PAGE_PATH = "/checkout"

export const checkout: Operation = (ctx, { body, ip }) => {
  const caller = identify(ctx, "checkout", body)
  if (!caller) return unknownAccount()
  if (!caller.signed)
    return badRequest("I0013", "encryption_data", "Signature error")
  const { account } = caller
  try {
    if (body.card !== undefined || body.security_code !== undefined) {
      throw Refusal.field(
        "E0001",
        "card",
        "must not be sent to the hosted checkout: the shopper enters it on the payment page"
      )
    }
    const order = readOrder(ctx, body, { returnUrlRequired: true })
    if (order.token_id !== "")
      throw Refusal.field(
        "E0001",
        "token_id",
        "must be empty: a stored card pays by direct payment (/v1/authorise)"
      )
    const method = requestedMethod(body, order.amount, order.currency)
    assertNewOrderNo(ctx, account, order.order_no)
    const tx = openTransaction(ctx, account, order, "hosted")
    tx.result_info = "0000:Waiting for the shopper"
    if (method !== "") {
      tx.payment_method = method
      tx.requested_payment_method = method
    }
    const signature = text(body, "encryption_data").toLowerCase()
    tx.checkout_signature = signature
    tx.checkout_token = ctx.store.newBrowserToken(tx, "checkout")

    const script: Record<string, string> = {}
    for (const [alias, field] of Object.entries(SCRIPT_ALIASES)) {
      const value = scalar(body[field])
      script[alias] = value
      script[field] = value
    }
    const html = renderCheckoutPage({
      action: `${ctx.baseUrl()}${HOSTED_PAGE_PATH}`,
      static_inputs: {
        gbc_id: "SANDBOX",
        connector_code: "sandbox",
        account_name: `sandbox-${account.account_id}`,
        website: order.website,
        pm_id: "CARD",
        apm_type: "",
        descriptor: order.descriptor || "SANDBOX*ACQUIRING",
        orderprefix: "",
        rrtimezone: "UTC",
        ordernumlength: String(ctx.fieldLimits.order_no),
        sendbgoods: "0",
        replacename: "0",
        send_bank_website: "0",
        replace_up_id: "",
        replace_match_address: "0",
        to_pass_page: "1",
        signInfo: signature,
        encryption_data: signature,
        // query-string concatenation of the request's parameters
        allParams: encodeForm(body as Record<string, FormValue>),
        source_request_ip: ip,
        source_notify_url: order.notify_url,
        returnUrl: order.return_url,
        return_url: order.return_url,
        cancelUrl: order.cancel_url,
        cancel_url: order.cancel_url,
        verifyBillingAddress: "0",
        verify_billing_address: "0",
        merSendLogoNo: "0",
        logo_name: "",
        // the method the page opens on; empty: every offered method, cards first
        APMType: method,
        payment_method: method,
        paymentToken: tx.checkout_token,
        cardType: "",
        card_type: "",
      },
      script_inputs: script,
    })
    return {
      kind: "html",
      html,
      signature,
      summary: `checkout page for ${tx.transaction_id}`,
    }
  } catch (error) {
    if (error instanceof Refusal)
      return badRequest(error.code, error.field ?? "body", error.info)
    throw error
  }
}

/**
 * The checkout's payment_method (not signed): empty, or a method offered for
 * the amount (payment-methods.ts, the list optimise answers); anything else
 * is E0001 naming payment_method.
 */
function requestedMethod(
  body: WireBody,
  amount: string,
  currency: string
): PaymentMethodCode | "" {
  const code = text(body, "payment_method")
  if (code === "" || isOffered(code, amount)) return code
  const offered = offeredMethods(amount)
    .map((m) => m.payment_method)
    .join(", ")
  throw Refusal.field(
    "E0001",
    "payment_method",
    `${code} is not offered for ${amount} ${currency}: one of ${offered}, or empty for all of them`
  )
}

function scalar(value: unknown): string {
  if (value === undefined || value === null) return ""
  return typeof value === "object" ? JSON.stringify(value) : String(value)
}
