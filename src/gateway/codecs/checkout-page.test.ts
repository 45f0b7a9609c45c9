import {
  CheckoutPageError,
  parseCheckoutPage,
  renderCheckoutPage,
  scriptSafeJson,
} from "./checkout-page"

describe("parseCheckoutPage", () => {
  const page = `<!DOCTYPE html><html><head><title>Loading...</title></head><body>
<form name="theForm" action="https://pay.example/v1/checkout/pay?x=1&amp;y=2" METHOD="POST">
  <input type="hidden" name="gbc_id" value="G-77">
  <input type="hidden" name="website" value="https://shop.example/?a=1&amp;b=&quot;2&quot;">
  <input type="hidden" name="descriptor" value='Caf&#233; &lt;Z&gt;'>
  <input type="hidden" name="empty">
  <input type="submit" name="go" value="Pay">
  <input type="checkbox" name="unchecked" value="1">
</form>
<script type="application/json" id="checkout-data">{"order_no":"A\\u003c1","orderNo":"A\\u003c1","gbc_id":"from-script"}</script>
</body></html>`

  it("keeps the html verbatim and reads the form with decoded attributes", () => {
    const result = parseCheckoutPage(page)
    expect(result.html).toBe(page)
    expect(result.form).toEqual({
      name: "theForm",
      action: "https://pay.example/v1/checkout/pay?x=1&y=2",
      method: "post",
      inputs: {
        gbc_id: "from-script",
        website: 'https://shop.example/?a=1&b="2"',
        descriptor: "Café <Z>",
        empty: "",
        order_no: "A<1",
        orderNo: "A<1",
      },
    })
  })

  it("reads a page without a data block", () => {
    const result = parseCheckoutPage(
      '<form name="theForm" action="/pay"><input name="a" value="1"></form>'
    )
    expect(result.form).toEqual({
      name: "theForm",
      action: "/pay",
      method: "get",
      inputs: { a: "1" },
    })
  })

  it("rejects a page without a form, a form without action, and broken data", () => {
    expect(() => parseCheckoutPage("<html><body>404</body></html>")).toThrow(
      CheckoutPageError
    )
    expect(() => parseCheckoutPage("<html><body>404</body></html>")).toThrow(
      "checkout page rejected: no form found"
    )
    expect(() => parseCheckoutPage('<form name="theForm"></form>')).toThrow(
      /no action/
    )
    expect(() =>
      parseCheckoutPage(
        '<form name="theForm" action="/p"></form><script type="application/json" id="checkout-data">{oops</script>'
      )
    ).toThrow(/checkout-data is not valid JSON/)
  })
})

describe("renderCheckoutPage", () => {
  const input = {
    action: "https://127.0.0.1:4100/hosted/pay?session=s1&lang=en",
    static_inputs: {
      gbc_id: "G-1",
      website: 'https://shop.example/?q="x"&r=<y>',
      descriptor: "Zoë's café — ünïcödé",
      to_pass_page: "",
    },
    script_inputs: {
      order_no: "ORD-1",
      orderNo: "ORD-1",
      note: `quote " apostrophe ' amp & lt < gt > </script><script>alert(1)</script>`,
      firstName: "Søren 😀",
      allParams: "a=1&b=2",
      line_sep: "x\u2028y",
    },
  }

  it("round-trips action and inputs through parseCheckoutPage", () => {
    const html = renderCheckoutPage(input)
    const { form } = parseCheckoutPage(html)
    expect(form.name).toBe("theForm")
    expect(form.method).toBe("post")
    expect(form.action).toBe(input.action)
    expect(form.inputs).toEqual({
      ...input.static_inputs,
      ...input.script_inputs,
    })
  })

  it("writes the loading title, a theForm post form and pure ASCII", () => {
    const html = renderCheckoutPage(input)
    expect(html).toContain("<title>Loading&#x2026;</title>")
    expect(html).toMatch(
      /<form name="theForm" id="theForm" action="[^"]+" method="post">/
    )
    expect(/^[\x00-\x7f]*$/.test(html)).toBe(true)
    // only the two script elements of the page itself, none smuggled in by a value
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html.match(/<\/script>/g)).toHaveLength(2)
  })

  it("escapes attribute values so a quote cannot end the attribute", () => {
    const html = renderCheckoutPage({
      action: "/p",
      static_inputs: { a: '"><b>x' },
      script_inputs: {},
    })
    expect(html).toContain('name="a" value="&#x22;&#x3E;&#x3C;b&#x3E;x"')
  })
})

describe("scriptSafeJson", () => {
  it("escapes markup characters and non-ASCII and stays valid JSON", () => {
    const text = scriptSafeJson({ a: "</script>&é" })
    expect(text).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u00e9"}')
    expect(JSON.parse(text)).toEqual({ a: "</script>&é" })
  })
})

describe("inputs named like Object.prototype members (found by fuzzing)", () => {
  it("keeps an input named __proto__ as an ordinary field", () => {
    const page = renderCheckoutPage({
      action: "https://pay.test/p",
      static_inputs: JSON.parse('{"__proto__":"static"}'),
      script_inputs: JSON.parse('{"__proto__":"script","constructor":"c"}'),
    })
    const { inputs } = parseCheckoutPage(page).form
    expect(Object.keys(inputs)).toEqual(["__proto__", "constructor"])
    expect(Object.getOwnPropertyDescriptor(inputs, "__proto__")?.value).toBe(
      "script"
    )
    expect(Object.getPrototypeOf(inputs)).toBe(Object.prototype)
  })
})
