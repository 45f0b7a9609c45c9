import { cardBrand } from "./card-brand"

describe("cardBrand", () => {
  it.each([
    ["424242******4242", "visa"],
    ["555555******4444", "mastercard"],
    ["222300******0008", "mastercard"],
    ["378282*****0005", "american-express"],
    ["601111******1117", "discover"],
    ["353011******0000", "jcb"],
  ])("%s is %s", (masked, brand) => {
    expect(cardBrand(masked)).toBe(brand)
  })

  it("is null for digits no brand claims or a number without leading digits", () => {
    expect(cardBrand("999999******9999")).toBeNull()
    expect(cardBrand("****4242")).toBeNull()
    expect(cardBrand("")).toBeNull()
  })
})
