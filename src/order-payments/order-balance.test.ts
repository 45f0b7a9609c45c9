import { owedAmount, owesSomething, reusableCollection } from "./order-balance"

describe("what an order owes", () => {
  it("is the pending difference when no payment holds money", () => {
    expect(owedAmount("12.5", [], "USD")).toBe("12.50")
  })

  it("leaves out what a live authorisation holds uncaptured", () => {
    // a 15.00 order paid by card, not yet captured, then edited up by 7.25
    expect(
      owedAmount(
        "22.25",
        [{ amount: "15", captured: [], canceled: false }],
        "USD"
      )
    ).toBe("7.25")
  })

  it("counts a captured payment once (Medusa's pending difference already left it out)", () => {
    expect(
      owedAmount(
        "7.25",
        [{ amount: "15", captured: ["15"], canceled: false }],
        "USD"
      )
    ).toBe("7.25")
  })

  it("owes a voided or lapsed payment's amount again", () => {
    expect(
      owedAmount("15", [{ amount: "15", captured: [], canceled: true }], "USD")
    ).toBe("15.00")
  })

  it("counts what a partly captured payment still holds", () => {
    expect(
      owedAmount(
        "12",
        [{ amount: "15", captured: ["5"], canceled: false }],
        "USD"
      )
    ).toBe("2.00")
  })

  it("is zero, never negative, when the order is paid or owed money back", () => {
    expect(owedAmount("-3", [], "USD")).toBe("0.00")
    expect(
      owedAmount("10", [{ amount: "15", captured: [], canceled: false }], "USD")
    ).toBe("0.00")
    expect(owesSomething("0.00")).toBe(false)
    expect(owesSomething("0.01")).toBe(true)
  })

  it("rounds once, half up, to the currency's digits", () => {
    expect(owedAmount("7.255", [], "USD")).toBe("7.26")
    expect(owedAmount("1500.4", [], "JPY")).toBe("1500")
    expect(owedAmount("1.2345", [], "KWD")).toBe("1.235")
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
