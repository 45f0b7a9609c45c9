import { savedCardNotes } from "./payment-api"

describe("the saved card notes of a payment", () => {
  it("says a saved card paid", () => {
    expect(
      savedCardNotes({ id: "acqcard_1", kept: false, paid_with: true })
    ).toEqual(["Paid with a saved card"])
  })

  it("says the payment saved the card", () => {
    expect(
      savedCardNotes({ id: "acqcard_1", kept: true, paid_with: false })
    ).toEqual(["Card saved for the customer"])
  })

  it("says nothing without a saved card", () => {
    expect(savedCardNotes(null)).toEqual([])
    expect(
      savedCardNotes({ id: "acqcard_1", kept: false, paid_with: false })
    ).toEqual([])
  })
})
