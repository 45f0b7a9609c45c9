import {
  owedAmount,
  owesSomething,
  reusableCollection,
  type BalanceFacts,
  type HeldPayment,
} from "./order-balance"

/** The facts of a balance: Medusa's pending difference and the rest empty unless given. */
const facts = (
  pending: string,
  more: Partial<BalanceFacts> = {}
): BalanceFacts => ({
  pending_difference: pending,
  payments: [],
  awaited: [],
  untransacted: [],
  ...more,
})

const card = (
  amount: string,
  captured: string[] = [],
  more: Partial<HeldPayment> = {}
): HeldPayment => ({ amount, captured, canceled: false, ...more })

describe("what an order owes", () => {
  it("is the pending difference when no payment holds money", () => {
    expect(owedAmount(facts("12.5"), "USD")).toBe("12.50")
  })

  it("leaves out what a live authorisation holds uncaptured", () => {
    // a 15.00 order paid by card, not yet captured, then edited up by 7.25
    expect(owedAmount(facts("22.25", { payments: [card("15")] }), "USD")).toBe(
      "7.25"
    )
  })

  it("counts a captured payment once (Medusa's pending difference already left it out)", () => {
    expect(
      owedAmount(facts("7.25", { payments: [card("15", ["15"])] }), "USD")
    ).toBe("7.25")
  })

  it("owes a voided or lapsed payment's amount again", () => {
    expect(
      owedAmount(
        facts("15", { payments: [card("15", [], { canceled: true })] }),
        "USD"
      )
    ).toBe("15.00")
  })

  it("owes nothing while a change captured for waits for its confirm (the pending difference is the old total's)", () => {
    // 25.00 lowered to 15.00: 15.00 captured, the rest released, the confirm refused
    expect(
      owedAmount(
        facts("10", {
          payments: [card("15", ["15"], { fully_captured: true })],
          change_waiting: true,
        }),
        "USD"
      )
    ).toBe("0.00")
  })

  it("counts what a partly captured payment still holds", () => {
    expect(
      owedAmount(facts("12", { payments: [card("15", ["5"])] }), "USD")
    ).toBe("2.00")
  })

  it("counts nothing held by a payment Medusa marked captured after a partial capture (the rest was released)", () => {
    // 40.00 authorised, 30.00 captured, 10.00 released; the order then owes 10.00 more after an edit
    expect(
      owedAmount(
        facts("10", {
          payments: [card("40", ["30"], { fully_captured: true })],
        }),
        "EUR"
      )
    ).toBe("10.00")
  })

  it("owes nothing for a bank transfer the acquirer still awaits", () => {
    // a 125.00 order made while its transfer is awaited: Medusa counts it all pending
    expect(owedAmount(facts("125", { awaited: ["125"] }), "EUR")).toBe("0.00")
    // an edit raised it by 20.00 since: that much is owed
    expect(owedAmount(facts("145", { awaited: ["125"] }), "EUR")).toBe("20.00")
  })

  it("counts a capture whose order transaction is not written yet once, not as owed", () => {
    // Medusa's capture workflow between its two steps: the capture is recorded, the order's transaction not yet
    expect(
      owedAmount(
        facts("30", {
          payments: [card("30", ["30"], { fully_captured: true })],
          untransacted: ["30"],
        }),
        "EUR"
      )
    ).toBe("0.00")
  })

  it("is zero for a cancelled order, whatever Medusa's summary still counts", () => {
    // a transfer that never arrived: the order cancelled, Medusa's pending difference still 105.00
    expect(owedAmount(facts("105", { canceled: true }), "USD")).toBe("0.00")
  })

  it("is zero, never negative, when the order is paid or owed money back", () => {
    expect(owedAmount(facts("-3"), "USD")).toBe("0.00")
    expect(owedAmount(facts("10", { payments: [card("15")] }), "USD")).toBe(
      "0.00"
    )
    expect(owesSomething("0.00")).toBe(false)
    expect(owesSomething("0.01")).toBe(true)
  })

  it("rounds once, half up, to the currency's digits", () => {
    expect(owedAmount(facts("7.255"), "USD")).toBe("7.26")
    expect(owedAmount(facts("1500.4"), "JPY")).toBe("1500")
    expect(owedAmount(facts("1.2345"), "KWD")).toBe("1.235")
  })
})

describe("the collection a link reuses", () => {
  const balance = (collections: any[]) => ({
    currency: "USD",
    owed: "7.25",
    collections,
  })

  it("is an open one for exactly the amount owed", () => {
    const open = {
      id: "pay_col_2",
      status: "not_paid",
      amount: "7.25",
      currency: "USD",
      has_payments: false,
    }
    expect(
      reusableCollection(
        balance([
          {
            id: "pay_col_1",
            status: "authorized",
            amount: "15",
            currency: "USD",
          },
          open,
        ])
      )
    ).toBe(open)
  })

  it("is never one a payment stands on, even a voided one", () => {
    expect(
      reusableCollection(
        balance([
          {
            id: "cart_collection",
            status: "awaiting",
            amount: "7.25",
            currency: "USD",
            has_payments: true,
          },
        ])
      )
    ).toBeUndefined()
  })

  it("is none when the open one asks another amount, or is paid", () => {
    expect(
      reusableCollection(
        balance([
          {
            id: "a",
            status: "not_paid",
            amount: "22.25",
            currency: "USD",
            has_payments: false,
          },
          {
            id: "b",
            status: "completed",
            amount: "7.25",
            currency: "USD",
            has_payments: true,
          },
        ])
      )
    ).toBeUndefined()
  })
})
