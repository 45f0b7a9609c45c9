/**
 * Payment records and gateway answers the money operations' unit tests
 * share (authorisation, capture, refunds, void).
 */
import {
  queryEntrySchema,
  TransportError,
  type QueryEntry,
} from "../../gateway/index"
import type { SessionData } from "../../payment-sessions/session-data"

/** A request whose answer never came: the acquirer may have acted on it. */
export const lostAnswer = (operation = "authorise") =>
  new TransportError(operation, "timed out", {
    timed_out: true,
    may_have_reached_gateway: true,
  })

/** The status query's entry for transaction T1. */
export const queryEntry = (
  order_no: string,
  payment_status: string,
  query_result = "1"
): QueryEntry =>
  queryEntrySchema.parse({
    order_no,
    transaction_id: "T1",
    payment_status,
    query_result,
  })

export const capturedPayment: SessionData = {
  session_id: "payses_1",
  order_no: "MEDaaaaaaaaaaaaaaaaaaaaaaaa",
  transaction_id: "T1",
  status: "captured",
  amount: "15.00",
  currency: "USD",
  attempts: [
    {
      order_no: "MEDaaaaaaaaaaaaaaaaaaaaaaaa",
      kind: "authorise",
      state: "captured",
      at: "2026-11-23T10:00:00Z",
      transaction_id: "T1",
    },
  ],
}
export const authorizedPayment: SessionData = {
  ...capturedPayment,
  status: "authorized",
  attempts: [{ ...capturedPayment.attempts![0], state: "authorized" }],
}
