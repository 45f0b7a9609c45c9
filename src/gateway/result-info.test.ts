import { formatResultInfo, parseResultInfo } from "./result-info"

describe("parseResultInfo", () => {
  it("splits code and text", () => {
    expect(parseResultInfo("0000:Success")).toEqual({
      code: "0000",
      text: "Success",
    })
    expect(parseResultInfo("E0008:Declined by issuer")).toEqual({
      code: "E0008",
      text: "Declined by issuer",
    })
  })

  it("keeps colons inside the text", () => {
    expect(parseResultInfo("I0013:Signature error: expected a:b")).toEqual({
      code: "I0013",
      text: "Signature error: expected a:b",
    })
  })

  it("gives an empty code when there is no colon", () => {
    expect(parseResultInfo("OK")).toEqual({ code: "", text: "OK" })
    expect(parseResultInfo("")).toEqual({ code: "", text: "" })
    expect(parseResultInfo(undefined)).toEqual({ code: "", text: "" })
  })

  it("trims around the parts and allows an empty text", () => {
    expect(parseResultInfo(" E0001 : order_no missing ")).toEqual({
      code: "E0001",
      text: "order_no missing",
    })
    expect(parseResultInfo("0000:")).toEqual({ code: "0000", text: "" })
  })
})

describe("formatResultInfo", () => {
  it("joins code and text with a colon", () => {
    expect(
      formatResultInfo({
        code: "E0006",
        text: "Refund exceeds refundable amount",
      })
    ).toBe("E0006:Refund exceeds refundable amount")
  })
})
