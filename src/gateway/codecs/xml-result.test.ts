import { buildResponXml, parseResponXml, ResultFormatError } from "./xml-result"

const head = `<?xml version="1.0" encoding="UTF-8"?>
<respon>
  <merchant_id>10001</merchant_id>
  <account_id>10001001</account_id>
  <order_no>ORD-0012</order_no>
  <amount>15.00</amount>
  <currency>USD</currency>
  <transaction_id>T2026112100001</transaction_id>
  <card>424242***4242</card>
  <order_status>-1</order_status>
  <result_info>0000:Success</result_info>
  <note></note>
  <token_id/>
  <risk_action>ACCEPT</risk_action>
  <risk_score>0012</risk_score>
  <issuer_url>https://acs.example/challenge?a=1&amp;b=2</issuer_url>
  <threeds_result>Y</threeds_result>`
const tail = `
  <encryption_data>AB12cd</encryption_data>
</respon>`

describe("parseResponXml", () => {
  it("reads every field as a string, keeping zeros, signs and empties", () => {
    const result = parseResponXml(head + "<risk_reasons></risk_reasons>" + tail)
    expect(result).toEqual({
      merchant_id: "10001",
      account_id: "10001001",
      order_no: "ORD-0012",
      amount: "15.00",
      currency: "USD",
      transaction_id: "T2026112100001",
      card: "424242***4242",
      order_status: "-1",
      result_info: "0000:Success",
      note: "",
      token_id: "",
      risk_action: "ACCEPT",
      risk_score: "0012",
      issuer_url: "https://acs.example/challenge?a=1&b=2",
      threeds_result: "Y",
      risk_reasons: [],
      encryption_data: "AB12cd",
    })
  })

  it("gives an empty list when risk_reasons is absent", () => {
    expect(parseResponXml(head + tail).risk_reasons).toEqual([])
  })

  it("reads one risk reason", () => {
    const xml =
      head +
      "<risk_reasons><name>ip_country_mismatch</name><status>ACCEPT</status></risk_reasons>" +
      tail
    expect(parseResponXml(xml).risk_reasons).toEqual([
      { name: "ip_country_mismatch", status: "ACCEPT" },
    ])
  })

  it("reads two risk reasons as repeated elements", () => {
    const xml =
      head +
      "<risk_reasons><name>velocity</name><status>REVIEW</status></risk_reasons>" +
      "<risk_reasons><name>bin_country</name><status>ACCEPT</status></risk_reasons>" +
      tail
    expect(parseResponXml(xml).risk_reasons).toEqual([
      { name: "velocity", status: "REVIEW" },
      { name: "bin_country", status: "ACCEPT" },
    ])
  })

  it("reads two risk reasons inside a wrapper element", () => {
    const xml =
      head +
      "<risk_reasons><reason><name>a</name><status>REJECT</status></reason><reason><name>b</name><status>ACCEPT</status></reason></risk_reasons>" +
      tail
    expect(parseResponXml(xml).risk_reasons).toEqual([
      { name: "a", status: "REJECT" },
      { name: "b", status: "ACCEPT" },
    ])
  })

  it("keeps unknown elements", () => {
    expect(
      parseResponXml(
        "<respon><connector>C1</connector><new_field>x</new_field></respon>"
      )
    ).toMatchObject({
      connector: "C1",
      new_field: "x",
    })
  })

  it("decodes entities and character references", () => {
    expect(
      parseResponXml(
        "<respon><note>Caf&#233; &lt;b&gt; &amp; co</note></respon>"
      ).note
    ).toBe("Café <b> & co")
  })

  it("decodes exactly what XML defines: the five entities and numeric references", () => {
    const note = (inner: string) =>
      parseResponXml(`<respon><note>${inner}</note></respon>`).note
    expect(note("&amp;&lt;&gt;&quot;&apos;")).toBe(`&<>"'`)
    expect(note("&#65;&#x42;&#233;&#x1F600;")).toBe("ABé\u{1F600}")
    // HTML's named entities mean nothing in XML: left as written
    expect(note("a&nbsp;b &copy; &euro;")).toBe("a&nbsp;b &copy; &euro;")
  })

  it("decodes once: an escaped ampersand never starts a second reference", () => {
    const note = (inner: string) =>
      parseResponXml(`<respon><note>${inner}</note></respon>`).note
    expect(note("&amp;#233;")).toBe("&#233;")
    expect(note("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;")
    expect(note("&amp;amp;")).toBe("&amp;")
  })

  it("rejects a document whose root is not respon", () => {
    expect(() =>
      parseResponXml("<response><order_no>1</order_no></response>")
    ).toThrow(ResultFormatError)
    expect(() =>
      parseResponXml("<response><order_no>1</order_no></response>")
    ).toThrow(
      "result document rejected: root element must be <respon>, found <response>"
    )
  })

  it("rejects malformed XML, an HTML page and an empty body", () => {
    expect(() => parseResponXml("<respon><a></respon>")).toThrow(
      /not well-formed XML/
    )
    expect(() =>
      parseResponXml("<html><body>Bad gateway</body></html>")
    ).toThrow(/found <html>/)
    expect(() => parseResponXml("   ")).toThrow(/empty body/)
    expect(() => parseResponXml("<respon>text only</respon>")).toThrow(
      /must contain elements/
    )
    expect(() => parseResponXml("<respon><a>1</a></respon><respon/>")).toThrow(
      /more than one <respon>/
    )
  })
})

describe("buildResponXml", () => {
  it("writes a respon document that escapes text", () => {
    const xml = buildResponXml({
      order_no: "A&B<1>",
      amount: "1.00",
      note: "",
      skipped: undefined,
    })
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<respon>')
    ).toBe(true)
    expect(xml).toContain("<order_no>A&amp;B&lt;1&gt;</order_no>")
    expect(xml).toContain("<note></note>")
    expect(xml).not.toContain("skipped")
  })

  it.each([
    [[]],
    [[{ name: "velocity", status: "REVIEW" }]],
    [
      [
        { name: "velocity", status: "REVIEW" },
        { name: "bin_country", status: "ACCEPT" },
      ],
    ],
  ])("round-trips with %j risk reasons", (reasons) => {
    const fields = {
      merchant_id: "10001",
      order_no: 'Zoë\'s "order" <1>',
      order_status: "0",
      risk_score: "007",
      result_info: "E0008:Declined by issuer",
      risk_reasons: reasons,
    }
    expect(parseResponXml(buildResponXml(fields))).toEqual(fields)
  })
})

describe("documents the validator passes and the parser refuses (found by fuzzing)", () => {
  it("answers a DOCTYPE inside the root with ResultFormatError", () => {
    const doc =
      "<respon><respon><!DOCTYPE respon></respon><!DOCTYPE respon></respon>"
    expect(() => parseResponXml(doc)).toThrow(ResultFormatError)
    expect(() => parseResponXml(doc)).toThrow(
      "result document rejected: not readable XML"
    )
  })
})
