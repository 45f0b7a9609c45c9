import type { PaymentLinksAnswer } from "../hooks/payment-links/use-payment-links"
import {
  linksMoneyState,
  linksRefetchInterval,
  paymentMoneyState,
  paymentRefetchInterval,
} from "./order-money-watch"
import type { AcquiringPayment } from "./payment-api"

const authorized: AcquiringPayment = {
  id: "pay_1",
  provider_id: "pp_acquiring-card_acquiring",
  status: "authorized",
  result: { code: "E0000", text: "Approved" },
  three_ds: { result: null },
  risk: { action: null, score: null, reasons: [] },
  card_masked: "424242******4242",
  payment_method: "CARD",
  transfer_awaited_since: null,
  amount: "30.00",
  currency: "EUR",
  refunds: [],
  review: null,
  account: { id: "acqacc_1", name: "Sandbox EU", mode: "test" },
  transaction_id: "T1",
  order_no: "O1",
  void_pending: false,
  confirming: false,
  order_id: "order_1",
  captured_at: null,
  canceled_at: null,
  decided: null,
  saved_card: null,
  capture_on: "fulfilment",
}

const now = new Date("2026-11-27T12:00:00.000Z")

const chargeback: NonNullable<AcquiringPayment["chargebacks"]>[number] = {
  id: "acqcb_1",
  reference: "CB1A2B3C4D5E6F",
  status: "OPEN",
  amount: "5.00",
  currency: "EUR",
  payment_amount: "30.00",
  reason_code: "4837",
  reason_text: "No cardholder authorisation",
  opened_at: "2026-11-27T11:30:00.000Z",
  respond_by: "2026-12-07T11:30:00.000Z",
  decided_at: null,
  accounted_at: null,
  refund_id: null,
  order_no: "O1",
  transaction_id: "T1",
  payment_id: "pay_1",
  order: { id: "order_1", display_id: 12 },
}

const link = {
  id: "plink_1",
  amount: "40.00",
  currency: "EUR",
  status: "open" as const,
  expires_at: "2026-11-30T12:00:00.000Z",
  used_at: null,
  paid_at: null,
  created_at: "2026-11-27T11:00:00.000Z",
}

const owing = (
  payment_links: PaymentLinksAnswer["payment_links"]
): PaymentLinksAnswer => ({
  payment_links,
  outstanding: { amount: "40.00", currency: "EUR" },
})

describe("when the widget asks again for a payment", () => {
  it("follows an authorisation the order's fulfilment or shipment captures", () => {
    expect(paymentRefetchInterval(authorized)).toBe(5000)
    expect(
      paymentRefetchInterval({ ...authorized, capture_on: "shipment" })
    ).toBe(5000)
  })

  it("leaves an authorisation captured by hand to Medusa's button and the tab's return", () => {
    expect(
      paymentRefetchInterval({ ...authorized, capture_on: "manual" })
    ).toBe(false)
    expect(paymentRefetchInterval({ ...authorized, capture_on: null })).toBe(
      false
    )
    expect(
      paymentRefetchInterval({ ...authorized, capture_on: undefined })
    ).toBe(false)
  })

  it("follows an outcome being confirmed more often", () => {
    expect(paymentRefetchInterval({ ...authorized, confirming: true })).toBe(
      3000
    )
    expect(
      paymentRefetchInterval({
        ...authorized,
        status: "captured",
        captured_at: "2026-11-27T11:00:00.000Z",
        void_pending: true,
      })
    ).toBe(3000)
    expect(
      paymentRefetchInterval({ ...authorized, status: "requires_more" })
    ).toBe(3000)
  })

  it("stops once nothing more can come: captured, voided, declined, lapsed, or not read yet", () => {
    expect(
      paymentRefetchInterval({
        ...authorized,
        status: "captured",
        captured_at: "2026-11-27T11:00:00.000Z",
      })
    ).toBe(false)
    expect(
      paymentRefetchInterval({
        ...authorized,
        status: "canceled",
        canceled_at: "2026-11-27T11:00:00.000Z",
      })
    ).toBe(false)
    expect(paymentRefetchInterval({ ...authorized, status: "error" })).toBe(
      false
    )
    expect(
      paymentRefetchInterval({
        ...authorized,
        lapsed_at: "2026-11-27T11:00:00.000Z",
      })
    ).toBe(false)
    expect(paymentRefetchInterval(undefined)).toBe(false)
  })

  it("follows a captured payment slowly while a chargeback on it is open", () => {
    const captured = {
      ...authorized,
      status: "captured" as const,
      captured_at: "2026-11-27T11:00:00.000Z",
    }
    expect(
      paymentRefetchInterval({ ...captured, chargebacks: [chargeback] })
    ).toBe(30_000)
    expect(
      paymentRefetchInterval({
        ...captured,
        chargebacks: [{ ...chargeback, status: "LOST" }],
      })
    ).toBe(false)
  })
})

describe("when the widget asks again for the order's payment links", () => {
  it("follows a link not opened yet while the order owes", () => {
    expect(linksRefetchInterval(owing([link]), now)).toBe(5000)
  })

  it("follows a link opened in the last 15 minutes: its shopper may be paying", () => {
    const used = { ...link, status: "used" as const }
    expect(
      linksRefetchInterval(
        owing([{ ...used, used_at: "2026-11-27T11:50:00.000Z" }]),
        now
      )
    ).toBe(5000)
    expect(
      linksRefetchInterval(
        owing([{ ...used, used_at: "2026-11-27T11:40:00.000Z" }]),
        now
      )
    ).toBe(false)
  })

  it("stops when no link can be paid or nothing is owed", () => {
    expect(linksRefetchInterval(owing([]), now)).toBe(false)
    expect(
      linksRefetchInterval(
        owing([{ ...link, expires_at: "2026-11-27T11:59:00.000Z" }]),
        now
      )
    ).toBe(false)
    expect(
      linksRefetchInterval(
        {
          payment_links: [link],
          outstanding: { amount: "0.00", currency: "EUR" },
        },
        now
      )
    ).toBe(false)
    expect(linksRefetchInterval(undefined, now)).toBe(false)
  })
})

describe("what of the order's money refreshes Medusa's cards when it changes", () => {
  it("changes with a capture, a refund or a review, not with the rest of the payment", () => {
    const before = paymentMoneyState(authorized)
    expect(before).toBe('["authorized",null,null,null,false,false,[],[]]')
    expect(
      paymentMoneyState({ ...authorized, card_masked: "411111******1111" })
    ).toBe(before)
    expect(
      paymentMoneyState({
        ...authorized,
        status: "captured",
        captured_at: "2026-11-27T11:00:00.000Z",
        refunds: [{ refund_reference_id: "R1", amount: "5.00" }],
      })
    ).toBe(
      '["captured","2026-11-27T11:00:00.000Z",null,null,false,false,["R1:5.00"],[]]'
    )
  })

  it("changes when a chargeback is decided and recorded as a refund", () => {
    const open = paymentMoneyState({ ...authorized, chargebacks: [chargeback] })
    expect(open).toContain('["acqcb_1:OPEN:null"]')
    expect(
      paymentMoneyState({
        ...authorized,
        chargebacks: [{ ...chargeback, status: "LOST", refund_id: "ref_1" }],
      })
    ).toContain('["acqcb_1:LOST:ref_1"]')
  })

  it("changes with what the order owes and what became of its links", () => {
    expect(linksMoneyState(owing([link]))).toBe(
      '["40.00","EUR",["plink_1:open"]]'
    )
    expect(
      linksMoneyState({
        payment_links: [{ ...link, status: "paid" }],
        outstanding: { amount: "0.00", currency: "EUR" },
      })
    ).toBe('["0.00","EUR",["plink_1:paid"]]')
  })
})
