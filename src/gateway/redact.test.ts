import { maskCardNumber, redact, scrubText } from "./redact"

describe("maskCardNumber", () => {
  it("keeps the first 6 and last 4 digits", () => {
    expect(maskCardNumber("4242424242424242")).toBe("424242******4242")
    expect(maskCardNumber("4000 0025 0000 3155")).toBe("400000******3155")
    expect(maskCardNumber("4111111111111")).toBe("411111***1111")
    expect(maskCardNumber("6011000990139424123")).toBe("601100*********4123")
  })

  it("fully masks short numbers and leaves an already masked number alone", () => {
    expect(maskCardNumber("123456789012")).toBe("************")
    expect(maskCardNumber("1234")).toBe("****")
    expect(maskCardNumber("424242******4242")).toBe("424242******4242")
    expect(maskCardNumber("not-a-card")).toBe("**********")
  })
})

describe("redact", () => {
  it("keeps only the last four characters of a stored card's token", () => {
    const token = "tok_bcdfghjkmnpqrstvbcdfghjkmnpqrstv"
    const out = redact({ token_id: token, tokenId: token, note: "x" })
    expect(out).toEqual({
      token_id: "****rstv",
      tokenId: "****rstv",
      note: "x",
    })
    expect(JSON.stringify(out)).not.toContain("bcdfghjk")
  })

  const order = {
    merchant_id: "10001",
    order_no: "ORD-1",
    card: "4242424242424242",
    expiration_month: "07",
    expiration_year: "2030",
    security_code: "123",
    shopper_email: "jane@example.com",
    sign_key: "secret-key",
    nested: { signKey: "other-secret", cvv: "999", cvc: "888" },
    body: {
      card: {
        number: "4000002500003155",
        expiry_month: "01",
        expiry_year: "2031",
        security_code: "000",
      },
    },
    list: [{ card_number: "4100000000000019" }],
  }

  it("masks card numbers and drops security codes, expiry and keys", () => {
    expect(redact(order)).toEqual({
      merchant_id: "10001",
      order_no: "ORD-1",
      card: "424242******4242",
      shopper_email: "jane@example.com",
      nested: {},
      body: { card: { number: "400000******3155" } },
      list: [{ card_number: "410000******0019" }],
    })
  })

  it("leaves a payout's beneficiary and payer out whole", () => {
    const payout = {
      request_id: "5d1b2c3a-aaaa-4bbb-8ccc-dddddddddddd",
      payment_amount: "120.50",
      beneficiary: {
        first_name: "Grace",
        bank_details: {
          account_number: "000123456789",
          iban: "DE89370400440532013000",
        },
      },
      payer: {
        company_name: "Shop",
        additional_info: { personal_id_number: "X1" },
      },
    }
    const text = JSON.stringify(redact(payout))
    expect(redact(payout)).toEqual({
      request_id: payout.request_id,
      payment_amount: "120.50",
      beneficiary: "[personal data]",
      payer: "[personal data]",
    })
    for (const secret of ["Grace", "000123456789", "DE8937", "X1", "Shop"])
      expect(text).not.toContain(secret)
  })

  it("does not touch the input", () => {
    const before = JSON.stringify(order)
    redact(order)
    expect(JSON.stringify(order)).toBe(before)
  })

  it("leaves a `number` outside a card object alone", () => {
    expect(redact({ address: { number: "12" } })).toEqual({
      address: { number: "12" },
    })
  })

  it("scrubs card-like digit runs inside strings", () => {
    expect(redact({ note: "paid with 4242424242424242 today" })).toEqual({
      note: "paid with 424242******4242 today",
    })
    expect(redact(["card 4242 4242 4242 4242."])).toEqual([
      "card 424242******4242.",
    ])
    // 12 digits is no card number
    expect(redact("order 123456789012")).toBe("order 123456789012")
  })

  it("masks a card number held as a number and leaves other numbers alone", () => {
    expect(redact({ note: 4242424242424242, amount: 15.5, count: 3 })).toEqual({
      note: "424242******4242",
      amount: 15.5,
      count: 3,
    })
    expect(redact({ ref: BigInt("4000002500003155") })).toEqual({
      ref: "400000******3155",
    })
  })

  it("drops secrets under camelCase and hyphenated names too", () => {
    expect(
      redact({
        securityCode: "123",
        "Security-Code": "456",
        cvn: "789",
        expiryMonth: "07",
        expirationYear: "2030",
        cardNumber: "4242424242424242",
      })
    ).toEqual({ cardNumber: "424242******4242" })
    const form = scrubText("securityCode=123&expirationMonth=07&order_no=A1")
    expect(form).not.toContain("=123")
    expect(form).not.toContain("=07")
    expect(form).toContain("order_no=A1")
  })

  it("scrubs secret pairs in form and JSON text", () => {
    const form = scrubText(
      "card=4242424242424242&security_code=123&expiration_month=07&order_no=A1"
    )
    expect(form).not.toContain("4242424242424242")
    expect(form).not.toContain("=123")
    expect(form).not.toContain("=07")
    expect(form).toContain("order_no=A1")
    const json = scrubText(
      '{"security_code":"123","sign_key":"abc","amount":"1.00"}'
    )
    expect(json).not.toContain("123")
    expect(json).not.toContain("abc")
    expect(json).toContain('"amount":"1.00"')
  })

  it("copies errors with a scrubbed message and survives cycles", () => {
    const err = new Error("declined 4242424242424242")
    expect(redact(err)).toEqual({
      name: "Error",
      message: "declined 424242******4242",
    })
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    expect(redact(cyclic)).toEqual({ a: 1, self: "[Circular]" })
  })
})
