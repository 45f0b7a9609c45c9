import { capturesBeforeChange } from "./capture-plan"

const held = (payment_id: string, amount: string) => ({ payment_id, amount })

describe("captures that keep an authorisation through an order change", () => {
  it("take a lower total from the authorisation (the acquirer releases the rest)", () => {
    expect(capturesBeforeChange("15", [held("pay_1", "25")], "usd")).toEqual([
      { payment_id: "pay_1", amount: "15.00" },
    ])
  })

  it("take the whole authorisation of a higher total: Medusa then asks only for the difference", () => {
    expect(capturesBeforeChange("25", [held("pay_1", "15")], "usd")).toEqual([
      { payment_id: "pay_1", amount: "15.00" },
    ])
  })

  it("take an equal total whole", () => {
    expect(capturesBeforeChange("15.00", [held("pay_1", "15")], "eur")).toEqual(
      [{ payment_id: "pay_1", amount: "15.00" }]
    )
  })

  it("take nothing when the changed order owes nothing (Medusa then voids nothing)", () => {
    expect(capturesBeforeChange("0", [held("pay_1", "15")], "usd")).toEqual([])
    expect(capturesBeforeChange("-5", [held("pay_1", "15")], "usd")).toEqual([])
    expect(capturesBeforeChange("10", [], "usd")).toEqual([])
  })

  it("spread what is owed over several authorisations, in order", () => {
    expect(
      capturesBeforeChange(
        "30",
        [held("pay_1", "20"), held("pay_2", "20"), held("pay_3", "5")],
        "usd"
      )
    ).toEqual([
      { payment_id: "pay_1", amount: "20.00" },
      { payment_id: "pay_2", amount: "10.00" },
    ])
  })

  it("keep the currency's digits exactly, with no float on the way", () => {
    expect(capturesBeforeChange("0.3", [held("p", "0.1")], "usd")).toEqual([
      { payment_id: "p", amount: "0.10" },
    ])
    expect(capturesBeforeChange("1.235", [held("p", "9")], "kwd")).toEqual([
      { payment_id: "p", amount: "1.235" },
    ])
    expect(capturesBeforeChange("1500", [held("p", "2000")], "jpy")).toEqual([
      { payment_id: "p", amount: "1500" },
    ])
  })
})
