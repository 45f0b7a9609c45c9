import {
  hasLinksToShow,
  hasUnopenedLink,
  owesSomething,
} from "./payment-link-balance"

const link = {
  id: "plink_1",
  amount: "10.00",
  currency: "USD",
  status: "paid" as const,
  expires_at: "2026-11-29T10:00:00.000Z",
  used_at: "2026-11-26T10:00:00.000Z",
  paid_at: "2026-11-26T10:05:00.000Z",
  created_at: "2026-11-26T09:00:00.000Z",
}

describe("the order widget's payment links", () => {
  it("reads an amount owed from the decimal string, whatever its digits", () => {
    expect(owesSomething({ amount: "0.00" })).toBe(false)
    expect(owesSomething({ amount: "0" })).toBe(false)
    expect(owesSomething({ amount: "0.01" })).toBe(true)
    expect(owesSomething({ amount: "1500" })).toBe(true)
  })

  it("shows the section for an order that owes, or has links, and not before the answer", () => {
    const owing = { amount: "10.00", currency: "USD" }
    const settled = { amount: "0.00", currency: "USD" }
    expect(hasLinksToShow(undefined)).toBe(false)
    expect(hasLinksToShow({ payment_links: [], outstanding: settled })).toBe(
      false
    )
    expect(hasLinksToShow({ payment_links: [], outstanding: owing })).toBe(true)
    expect(
      hasLinksToShow({ payment_links: [link], outstanding: settled })
    ).toBe(true)
  })

  it("offers to replace a link only while one is not opened yet", () => {
    const owing = { amount: "10.00", currency: "USD" }
    expect(hasUnopenedLink({ payment_links: [link], outstanding: owing })).toBe(
      false
    )
    expect(
      hasUnopenedLink({
        payment_links: [link, { ...link, id: "plink_2", status: "open" }],
        outstanding: owing,
      })
    ).toBe(true)
    for (const status of ["used", "expired"] as const)
      expect(
        hasUnopenedLink({
          payment_links: [{ ...link, status }],
          outstanding: owing,
        })
      ).toBe(false)
  })
})
