/** Session data and acquirer answers for the session model's tests. */
import {
  queryEntrySchema,
  type QueryEntry,
  type VerifiedResult,
} from "../../gateway/index"
import type { AttemptState, SessionData } from "../session-data"

export const RULES = { auto_capture: false }
export const A = "MED0000000000000000000000a1"
export const B = "MED0000000000000000000000b2"

export function session(
  state: AttemptState,
  extra: Partial<SessionData> = {}
): SessionData {
  return {
    session_id: "payses_1",
    amount: "15.00",
    currency: "USD",
    order_no: A,
    status: "pending",
    attempts: [
      {
        order_no: A,
        kind: "authorise",
        state,
        at: "2026-11-23T10:00:00.000Z",
        transaction_id: "T1",
      },
    ],
    ...extra,
  }
}

export function result(
  order_status: string,
  extra: Partial<VerifiedResult> = {}
): VerifiedResult {
  return {
    order_no: A,
    transaction_id: "T1",
    amount: "15.00",
    currency: "USD",
    order_status,
    result_info: "0000:Success",
    result: { code: "0000", text: "Success" },
    ...extra,
  } as VerifiedResult
}

export function query(payment_status: string): QueryEntry {
  return queryEntrySchema.parse({
    order_no: A,
    transaction_id: "T1",
    payment_status,
    query_result: "1",
  })
}

/** What the plugin keeps private about a shopper: the cart snapshot, client data and account. */
export const SHOPPER: Pick<SessionData, "cart" | "client" | "account"> = {
  cart: {
    id: "cart_1",
    currency_code: "USD",
    email: "shopper@example.test",
    totals: {
      total: "15",
      item_subtotal: "15",
      shipping_subtotal: "0",
      discount_subtotal: "0",
      tax_total: "0",
    },
    items: [],
  },
  client: { shopper_ip: "203.0.113.9", user_agent: "Mozilla/5.0 (X11)" },
  account: { id: null, mode: "test" },
}
