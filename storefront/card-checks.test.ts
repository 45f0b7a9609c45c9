import { checkSavedCardCode } from "./card-checks"

const VISA = {
  id: "acqcard_01",
  brand: "visa",
  card_masked: "424242******4242",
}
const AMEX = {
  id: "acqcard_02",
  brand: "american-express",
  card_masked: "378282*****0005",
}

describe("checkSavedCardCode", () => {
  it("gives the choice to send with the code typed again", () => {
    expect(checkSavedCardCode(VISA, " 737 ")).toEqual({
      choice: { saved_card: { id: "acqcard_01", security_code: "737" } },
    })
  })

  it("asks for four digits on an American Express card, three on others", () => {
    expect(checkSavedCardCode(AMEX, "737")).toEqual({
      problem: "Enter the 4-digit security code",
    })
    expect(checkSavedCardCode(AMEX, "7373").choice).toEqual({
      saved_card: { id: "acqcard_02", security_code: "7373" },
    })
    expect(checkSavedCardCode(VISA, "7373")).toEqual({
      problem: "Enter the 3-digit security code",
    })
  })

  it("tells American Express from the masked digits when the brand is unknown", () => {
    const unnamed = { ...AMEX, brand: null }
    expect(checkSavedCardCode(unnamed, "737").problem).toBe(
      "Enter the 4-digit security code"
    )
  })

  it("lets an empty code through only where the merchant does not ask for it", () => {
    expect(checkSavedCardCode(VISA, "")).toEqual({
      problem: "Enter the 3-digit security code",
    })
    expect(checkSavedCardCode(VISA, "", { optional: true })).toEqual({
      choice: { saved_card: { id: "acqcard_01" } },
    })
    expect(checkSavedCardCode(VISA, "73", { optional: true })).toEqual({
      problem: "Enter the 3-digit security code",
    })
  })
})
