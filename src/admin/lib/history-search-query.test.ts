import {
  historySearchMistakes,
  historySearchQuery,
  historySearchOfUrl,
  historySearchPath,
} from "./history-search-query"

describe("the Payment history search", () => {
  it("sends the fields filled in, trimmed, with the page", () => {
    expect(
      historySearchQuery(
        { order: " #12 ", transaction_id: "", operation: "capture" },
        { limit: 20, offset: 20 }
      )
    ).toEqual({ order: "#12", operation: "capture", limit: "20", offset: "20" })
  })

  it("reads From and To as whole days of the admin's zone", () => {
    const query = historySearchQuery(
      { from: "2026-11-27", to: "2026-11-28" },
      { limit: 20, offset: 0 }
    )
    expect(query.from).toBe(new Date(2026, 10, 27).toISOString())
    expect(query.to).toBe(new Date(2026, 10, 28, 23, 59, 59, 999).toISOString())
  })

  it("names each field's mistake before asking", () => {
    expect(
      historySearchMistakes({ order: "#12", order_no: "MED3f2a" })
    ).toEqual({})
    expect(historySearchMistakes({ order: "MED3f2a" })).toEqual({
      order: "An order as the admin shows it, e.g. #12",
    })
    expect(historySearchMistakes({ transaction_id: "a/b" })).toEqual({
      transaction_id: "Up to 60 letters, digits, spaces or _ . : # -",
    })
    expect(
      historySearchMistakes({ from: "2026-11-28", to: "2026-11-27" })
    ).toEqual({ to: "To is before From" })
    expect(historySearchMistakes({ from: "27/11/2026" })).toEqual({
      from: "A date such as 2026-11-27",
    })
  })

  it("takes what each placeholder invites: #12 for the order, several operations or outcomes", () => {
    expect(
      historySearchMistakes({
        order: "12",
        operation: "capture, CHARGEBACK",
        outcome: "refused, recorded",
      })
    ).toEqual({})
    expect(historySearchMistakes({ operation: "capture,,refund" })).toEqual({
      operation:
        "Up to 60 letters, digits, spaces or _ . : # - each, several separated by commas",
    })
    // a comma is no part of an order number
    expect(historySearchMistakes({ order_no: "MED1, MED2" })).toEqual({
      order_no: "Up to 60 letters, digits, spaces or _ . : # -",
    })
  })
})

describe("a link to the history's search", () => {
  it("carries the fields of a search, and reads back only the known ones", () => {
    const path = historySearchPath({
      operation: "authorise, checkout",
      outcome: "refused",
      from: "2026-11-01",
      to: "2026-11-30",
    })
    expect(path).toBe(
      "/payment-history?operation=authorise%2C+checkout&outcome=refused&from=2026-11-01&to=2026-11-30"
    )
    expect(
      historySearchOfUrl(
        new URLSearchParams(`${path.split("?")[1]}&limit=5&order=%20`)
      )
    ).toEqual({
      operation: "authorise, checkout",
      outcome: "refused",
      from: "2026-11-01",
      to: "2026-11-30",
    })
  })
})
