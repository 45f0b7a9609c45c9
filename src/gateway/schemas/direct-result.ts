/**
 * The direct payment result (`respon`), also the shape of the 3-D Secure
 * result and of the browser return after hosted checkout. Unknown fields are
 * kept; every value is text.
 */
import { z } from "zod"
import { wireFreeText, wireList, wireText, wireTokenId } from "./common"
import { maskCardNumbersInText } from "../redact"

export const riskReasonSchema = z.looseObject({
  name: wireFreeText.optional(),
  status: wireText.optional(),
})

/** risk_reasons as a list; a form body carries it as JSON text, an empty element as "". */
export const riskReasonsSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value
    if (value.trim() === "") return []
    try {
      return JSON.parse(value) as unknown
    } catch {
      return value
    }
  },
  wireList(riskReasonSchema).or(
    riskReasonSchema.transform((single) => [single])
  )
)

export const directResultShape = {
  merchant_id: wireText.optional(),
  account_id: wireText.optional(),
  order_no: wireText.optional(),
  amount: wireText.optional(),
  currency: wireText.optional(),
  transaction_id: wireText.optional(),
  /** masked by the service; a wallet's device card */
  card: wireText.optional(),
  /** the method that paid (CARD, WALLET, BANK_TRANSFER …); absent from older answers: a card */
  payment_method: wireText.optional(),
  order_status: wireText,
  /** `<code>:<text>` */
  result_info: wireFreeText.optional(),
  contract_name: wireText.optional(),
  recurring_id: wireText.optional(),
  recurring_deduction_period: wireText.optional(),
  /** `YYYY-MM-DD HH:MM:SS`, local time */
  recurring_deduction_time: wireText.optional(),
  note: wireFreeText.optional(),
  /** the stored card's token when this payment asked to keep the card and was authorised; empty reads as undefined */
  token_id: wireTokenId,
  connector: wireText.optional(),
  /** where the shopper must go for a 3-D Secure challenge (order_status -1) */
  issuer_url: wireText.optional(),
  threeds_result: wireFreeText.optional(),
  risk_action: wireText.optional(),
  risk_score: wireText.optional(),
  risk_reasons: riskReasonsSchema.optional(),
  /** MOTO, MIT, or empty for an e-commerce payment (wire contract DECISION); never signed */
  order_type: wireText.optional(),
  encryption_data: wireText.optional(),
}

export const directResultSchema = z.looseObject(directResultShape)
export type DirectResult = z.infer<typeof directResultSchema>

/**
 * The same fields as parseResponXml hands them over: every element already
 * text and risk_reasons already a list of name/status texts, so each field
 * needs one type check, not the coercions a form or JSON body needs. Built
 * once; an element that held child elements instead of text still fails.
 */
const xmlText = z.string({ error: "must be text" })
const xmlFreeText = xmlText.transform(maskCardNumbersInText)
/** The human texts of a result (wireFreeText in the shape above): masked as they are parsed. */
const FREE_TEXT_FIELDS = new Set(["result_info", "note", "threeds_result"])
export const directResultXmlSchema = z.looseObject({
  ...Object.fromEntries(
    Object.keys(directResultShape).map((name) => [
      name,
      (FREE_TEXT_FIELDS.has(name) ? xmlFreeText : xmlText).optional(),
    ])
  ),
  order_status: xmlText,
  token_id: xmlText
    .transform((value) => (value === "" ? undefined : value))
    .optional(),
  risk_reasons: z.array(
    z.looseObject({ name: xmlFreeText.optional(), status: xmlText.optional() })
  ),
}) as unknown as z.ZodType<DirectResult>

export type RiskReasonEntry = z.infer<typeof riskReasonSchema>
