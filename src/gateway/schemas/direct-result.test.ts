import { parseResponXml } from "../codecs/xml-result"
import { directResultSchema, directResultXmlSchema } from "./direct-result"

const sample = {
  merchant_id: "10001",
  account_id: "10001001",
  order_no: "ORD-1",
  amount: "15.00",
  currency: "USD",
  transaction_id: "T2026112100001",
  card: "424242***4242",
  order_status: "1",
  result_info: "0000:Success",
  contract_name: "",
  recurring_id: "",
  recurring_deduction_period: "",
  recurring_deduction_time: "2026-11-21 14:05:26",
  note: "",
  token_id: "",
  connector: "visa-eu",
  threeds_result: "",
  risk_action: "ACCEPT",
  risk_score: "12",
  risk_reasons: [],
  encryption_data: "ab".repeat(32),
}

describe("directResultSchema", () => {
  it("accepts the sample result", () => {
    // the sample's empty token_id reads as undefined (below)
    expect(directResultSchema.parse(sample)).toEqual({
      ...sample,
      token_id: undefined,
    })
  })

  it("carries a stored card's token_id; an empty one reads as undefined", () => {
    expect(
      directResultSchema.parse({ ...sample, token_id: "TK_a1b2c3" }).token_id
    ).toBe("TK_a1b2c3")
    const empty = directResultSchema.parse(sample)
    expect(empty.token_id).toBeUndefined()
    const { token_id: _t, ...without } = sample
    expect(directResultSchema.parse(without).token_id).toBeUndefined()
  })

  it("reads token_id from the XML codec the same way", () => {
    const xml = (token: string) =>
      `<respon><order_status>1</order_status><token_id>${token}</token_id><risk_reasons></risk_reasons></respon>`
    expect(
      directResultXmlSchema.parse(parseResponXml(xml("TK_a1b2c3"))).token_id
    ).toBe("TK_a1b2c3")
    expect(
      directResultXmlSchema.parse(parseResponXml(xml(""))).token_id
    ).toBeUndefined()
  })

  it("keeps unknown fields", () => {
    expect(
      directResultSchema.parse({
        ...sample,
        acquirer_ref: "R-9",
        extra: { a: "1" },
      })
    ).toMatchObject({
      acquirer_ref: "R-9",
      extra: { a: "1" },
    })
  })

  it("carries the 3-D Secure fields", () => {
    const challenge = {
      ...sample,
      order_status: "-1",
      issuer_url: "https://acs.example/c?id=1",
      threeds_result: "C",
    }
    expect(directResultSchema.parse(challenge)).toMatchObject({
      issuer_url: "https://acs.example/c?id=1",
      threeds_result: "C",
    })
  })

  it("reads risk_reasons given empty, single, several, or as JSON text", () => {
    expect(
      directResultSchema.parse({ ...sample, risk_reasons: "" }).risk_reasons
    ).toEqual([])
    expect(
      directResultSchema.parse({
        ...sample,
        risk_reasons: { name: "velocity", status: "REVIEW" },
      }).risk_reasons
    ).toEqual([{ name: "velocity", status: "REVIEW" }])
    const two = [
      { name: "a", status: "ACCEPT" },
      { name: "b", status: "REJECT" },
    ]
    expect(
      directResultSchema.parse({ ...sample, risk_reasons: two }).risk_reasons
    ).toEqual(two)
    expect(
      directResultSchema.parse({ ...sample, risk_reasons: JSON.stringify(two) })
        .risk_reasons
    ).toEqual(two)
  })

  it("reads the output of the XML codec", () => {
    const xml = `<respon><order_no>ORD-1</order_no><order_status>0</order_status><result_info>E0008:Declined</result_info>
      <risk_reasons><name>a</name><status>REJECT</status></risk_reasons><risk_reasons><name>b</name><status>ACCEPT</status></risk_reasons></respon>`
    expect(directResultSchema.parse(parseResponXml(xml))).toEqual({
      order_no: "ORD-1",
      order_status: "0",
      result_info: "E0008:Declined",
      risk_reasons: [
        { name: "a", status: "REJECT" },
        { name: "b", status: "ACCEPT" },
      ],
    })
  })

  it("requires order_status and names it", () => {
    const { order_status: _omit, ...rest } = sample
    const result = directResultSchema.safeParse(rest)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].path).toEqual(["order_status"])
  })

  it("reads a numeric status as text", () => {
    expect(
      directResultSchema.parse({ ...sample, order_status: -2 }).order_status
    ).toBe("-2")
  })
})
