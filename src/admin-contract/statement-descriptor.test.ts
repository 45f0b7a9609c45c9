import {
  descriptorFor,
  StatementDescriptorSchema,
} from "./statement-descriptor"

const reasons = (value: unknown) =>
  StatementDescriptorSchema.safeParse(value).error?.issues.map(
    (issue) => `${issue.path.join(".")}: ${issue.message}`
  )

describe("statement descriptor", () => {
  it("accepts up to 22 printable characters with a letter", () => {
    expect(
      StatementDescriptorSchema.parse({ text: "  ACME*EU SHOP  " })
    ).toEqual({ text: "ACME*EU SHOP" })
    expect(reasons({ text: "A".repeat(23) })).toEqual([
      "text: must be at most 22 characters",
    ])
    expect(reasons({ text: "Café Zoë" })).toEqual([
      "text: may hold only Latin letters, digits, spaces and . , - * / & + #",
    ])
    expect(reasons({ text: "12345" })).toEqual([
      "text: must hold at least one letter",
    ])
    expect(reasons({ text: "<b>ACME</b>" })?.[0]).toMatch(/only Latin letters/)
  })

  it("leaves room for six characters of the order number when it is appended", () => {
    expect(
      reasons({ text: "ACME EUROPE SHOP", append_order_no: true })
    ).toEqual([
      "text: must be at most 15 characters when the order number is appended",
    ])
    expect(
      StatementDescriptorSchema.safeParse({
        text: "ACME EUROPE SHO",
        append_order_no: true,
      }).success
    ).toBe(true)
  })

  it("appends the end of the order number that fits", () => {
    const orderNo = "MED0123456789abcdef01234567"
    expect(descriptorFor({ text: "ACME" }, orderNo)).toBe("ACME")
    // 22 − 4 − 1 = 17 characters of the number, from its end
    expect(
      descriptorFor({ text: "ACME", append_order_no: true }, orderNo)
    ).toBe("ACME 789abcdef01234567")
    expect(
      descriptorFor({ text: "ACME", append_order_no: true }, orderNo).length
    ).toBe(22)
    // an acquirer with a shorter limit: the number still fits behind the text
    expect(
      descriptorFor({ text: "ACME", append_order_no: true }, orderNo, 12)
    ).toBe("ACME 1234567")
    // no room for six characters: the text alone
    expect(
      descriptorFor({ text: "ACME SHOP", append_order_no: true }, orderNo, 12)
    ).toBe("ACME SHOP")
  })
})
