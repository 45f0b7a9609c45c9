import type { AcquiringChargebackView } from "./chargebacks"

/**
 * An order change begun before the payment's capture and not confirmed yet
 * (its confirm was refused, the capture's outcome came later): Medusa keeps
 * the order at its total before the change until it is confirmed.
 */
export interface WaitingOrderChange {
  id: string
  /** Medusa's change type: edit, exchange, claim, return_request, return_receive */
  change_type: string
  /** when the change was begun (ISO time) */
  opened_at: string
  /** the order's total as Medusa keeps it until the change is confirmed */
  total_before: string
  /** the order's total once the change is confirmed */
  total_after: string
}

/** Answers of /admin/acquiring/payments/:id and its actions: what the server sends and the order widget reads. */
export interface AcquiringPayment {
  id: string
  provider_id: string
  status:
    | "pending"
    | "requires_more"
    | "pending_authorization"
    | "authorized"
    | "captured"
    | "canceled"
    | "error"
  result: { code: string; text: string } | null
  /** the acquirer's result, and what the paying attempt asked and why ("3-D Secure asked: above 250.00 EUR (rule 1)") */
  three_ds: { result: string | null; decision: string | null }
  /** the statement descriptor the paying attempt sent */
  descriptor: string | null
  risk: { action: string | null; score: string | null; reasons: string[] }
  card_masked: string | null
  /** the method that paid or was chosen (CARD, WALLET, BANK_TRANSFER …); null: a card */
  payment_method: string | null
  /** since when a bank transfer is awaited (ISO time), while it is */
  transfer_awaited_since: string | null
  amount: string | null
  currency: string | null
  /** what the acquirer captured, once captured */
  captured_amount?: string | null
  /** what a partial capture left authorised, released by the acquirer */
  released_amount?: string | null
  refunds: { refund_reference_id: string; amount: string }[]
  review: "held" | "released" | "rejected" | null
  account: { id: string | null; name: string | null; mode: "test" | "live" }
  transaction_id: string | null
  order_no: string | null
  void_pending: boolean
  confirming: boolean
  order_id: string | null
  captured_at: string | null
  canceled_at: string | null
  decided: {
    decision: "release" | "reject"
    by: string | null
    by_email: string | null
    at: string
  } | null
  /** paid_with: the payment used a saved card; kept: the payment saved the card for the customer */
  saved_card: { id: string; kept: boolean; paid_with: boolean } | null
  /** authorised, uncaptured: when the authorisation lapses (may be past) */
  lapses_at?: string | null
  /** cancelled once the authorisation had lapsed: when it lapsed */
  lapsed_at?: string | null
  authorisation_lifetime_days?: number
  /** when the payment's account captures; null once the account is gone (a server without it leaves it out) */
  capture_on?: "authorisation" | "fulfilment" | "shipment" | "manual" | null
  /** lapsed, paid with a card still kept, on an order that owes: the widget offers a re-authorisation */
  reauthorisable?: boolean
  /** what a re-authorisation asks for (what the order owes) */
  reauthorisation?: { amount: string; currency: string } | null
  /** chargebacks raised against the payment, oldest first */
  chargebacks?: AcquiringChargebackView[]
  /** the order's change this payment was captured for, waiting for its confirm */
  order_change?: WaitingOrderChange | null
}

/** POST /admin/acquiring/payments/:id/reauthorise: 200 authorised, 202 being confirmed. */
export interface ReauthorizeAnswer {
  payment_session_id: string
  status: "authorized" | "pending"
  /** the Medusa payment once recorded (authorized) */
  payment_id?: string | null
  message?: string
}

export interface SyncAnswer {
  payment: AcquiringPayment
  sync: { reached: boolean; changed: string[]; message: string }
}
