import fc from "fast-check"
import { CheckoutPageError, parseCheckoutPage, renderCheckoutPage } from ".."
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

const fragment = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.constantFrom(
    '<form name="theForm" action="https://pay.test/p" method="POST">',
    "<form>",
    "<form action=''>",
    "</form>",
    '<input type="hidden" name="a" value="1">',
    '<input name="b" value="&amp;&#x1F600;&bogus;">',
    '<input type="checkbox" name="c">',
    "<input disabled name='d' value='x'>",
    '<script type="application/json" id="checkout-data">',
    '{"order_no":"X1","n":null,"o":{"k":1}}',
    "[1,2]",
    "{bad json",
    "</script>",
    "<!--",
    "-->",
    "<![CDATA[",
    "<"
  )
)
const html = fc
  .array(fragment, { maxLength: 14 })
  .map((parts) => parts.join(""))

it("reads any HTML as a checkout page or a CheckoutPageError", () => {
  fc.assert(
    fc.property(fc.oneof(html, fc.string({ maxLength: 100 })), (page) => {
      try {
        const parsed = parseCheckoutPage(page)
        expect(parsed.html).toBe(page)
        expect(parsed.form.action).not.toBe("")
        for (const value of Object.values(parsed.form.inputs))
          expect(typeof value).toBe("string")
      } catch (error) {
        expect(error).toBeInstanceOf(CheckoutPageError)
      }
    }),
    fuzzParameters()
  )
})

it("reads back the action and every input of a page it rendered", () => {
  const name = fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constantFrom(
      "__proto__",
      "constructor",
      "toString",
      "order_no",
      "a b",
      "ü"
    )
  )
  const inputs = fc.dictionary(name, fc.string({ maxLength: 20 }), {
    maxKeys: 6,
  })
  const action = fc.webUrl()
  fc.assert(
    fc.property(action, inputs, inputs, (url, staticInputs, scriptInputs) => {
      const page = renderCheckoutPage({
        action: url,
        static_inputs: staticInputs,
        script_inputs: scriptInputs,
      })
      const parsed = parseCheckoutPage(page)
      expect(parsed.form.action).toBe(url)
      expect(parsed.form.method).toBe("post")
      const expected = new Map([
        ...Object.entries(staticInputs),
        ...Object.entries(scriptInputs),
      ])
      expect(new Map(Object.entries(parsed.form.inputs))).toEqual(expected)
    }),
    fuzzParameters()
  )
})
