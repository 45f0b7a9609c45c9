import { nextReconcile, paymentVerdict, type VerdictFacts } from "./verdict"

const NOW = new Date("2026-11-27T10:07:30Z")

const facts = (over: Partial<VerdictFacts>): VerdictFacts => ({
  data: { status: "captured", amount: "15.00", currency: "USD" },
  captured_at: "2026-11-27T10:00:00Z",
  canceled_at: null,
  unsettled: [],
  chargebacks: [],
  now: NOW,
  ...over,
})

describe("a payment's verdict", () => {
  it("names the next quarter hour the reconcile job runs", () => {
    expect(nextReconcile(NOW).toISOString()).toBe("2026-11-27T10:15:00.000Z")
    expect(nextReconcile(new Date("2026-11-27T10:59:59Z")).toISOString()).toBe(
      "2026-11-27T11:00:00.000Z"
    )
  })

  it("puts an open chargeback first, then a lost answer", () => {
    expect(
      paymentVerdict(
        facts({
          chargebacks: [
            {
              reference: "CB1",
              status: "OPEN",
              amount: "5.00",
              currency: "USD",
              respond_by: "2026-12-10T23:59:59.000Z",
            },
          ],
          unsettled: [
            {
              kind: "refund",
              state: "unknown",
              amount: "2.00",
              currency: "USD",
            },
          ],
        })
      )
    ).toBe(
      "Disputed: chargeback CB1 withholds 5.00 USD; respond in the acquirer's merchant portal by 2026-12-10. Refunds are refused until it is decided."
    )
    expect(
      paymentVerdict(
        facts({
          unsettled: [
            {
              kind: "refund",
              state: "unknown",
              amount: "2.00",
              currency: "USD",
            },
          ],
        })
      )
    ).toBe(
      "The acquirer's answer to the refund of 2.00 USD was lost; the reconcile job asks again at 2026-11-27 10:15 UTC. Nothing is sent twice meanwhile."
    )
  })

  it("says what was captured, refunded and charged back", () => {
    expect(
      paymentVerdict(
        facts({
          data: {
            status: "captured",
            amount: "15.00",
            captured_amount: "10.00",
            currency: "USD",
            refunds: [{ refund_reference_id: "R1", amount: "2.00" }],
          },
          chargebacks: [
            {
              reference: "CB2",
              status: "LOST",
              amount: "3.00",
              currency: "USD",
              respond_by: null,
            },
          ],
        })
      )
    ).toBe(
      "Captured 10.00 USD. 1 refund(s) made. Charged back: 3.00 USD (CB2), recorded as refunds."
    )
    expect(paymentVerdict(facts({ captured_at: null }))).toBe(
      "Captured at the acquirer; Medusa records the capture within minutes (next reconcile 2026-11-27 10:15 UTC)."
    )
  })

  it("reads an authorisation Medusa has not recorded yet", () => {
    expect(
      paymentVerdict(
        facts({
          data: {
            status: "pending",
            amount: "15.00",
            currency: "USD",
            attempts: [{ state: "authorized" }],
          },
          captured_at: null,
        })
      )
    ).toBe(
      "Authorised at the acquirer; Medusa records it within minutes (next reconcile 2026-11-27 10:15 UTC)."
    )
  })
})
