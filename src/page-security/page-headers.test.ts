import { createHash } from "node:crypto"
import { renderCheckoutPage } from "../gateway"
import { hostedPageCsp, hostedPageHeaders } from "./index"

const sha = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/)
    expect(directives.has(name)).toBe(false)
    directives.set(name, sources)
  }
  return directives
}

const acquirer = { acquirer_origins: ["https://pay.acquirer.test/v1/checkout"] }
const SUBMIT = "\n  document.forms.theForm.submit();\n"
const page = (script: string, extra = "") =>
  `<!DOCTYPE html><html><head><title>Loading</title></head><body${extra}>` +
  `<form name="theForm" action="https://pay.acquirer.test/pay" method="post"><input type="hidden" name="a" value="1"></form>` +
  `<script type="application/json" id="checkout-data">{"x":"<\\u002fscript>"}</script>` +
  `<script>${script}</script></body></html>`

describe("hostedPageHeaders", () => {
  it("sends every protective header", () => {
    const headers = hostedPageHeaders(page(SUBMIT), acquirer)
    expect(headers).toMatchObject({
      "Content-Type": "text/html; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
      "X-Frame-Options": "DENY",
    })
    const csp = parseCsp(headers["Content-Security-Policy"])
    expect(csp.get("default-src")).toEqual(["'none'"])
    expect(csp.get("script-src")).toEqual([sha(SUBMIT)])
    expect(csp.get("form-action")).toEqual(["https://pay.acquirer.test"])
    expect(csp.get("frame-ancestors")).toEqual(["'none'"])
    expect(csp.get("base-uri")).toEqual(["https://pay.acquirer.test"])
  })

  it("hashes the script as the browser reads it: CRLF and lone CR become LF", () => {
    const csp = parseCsp(hostedPageCsp(page("a();\r\nb();\rc();"), acquirer))
    expect(csp.get("script-src")).toEqual([sha("a();\nb();\nc();")])
  })

  it("does not allow the JSON data block, external scripts elsewhere or 'unsafe-inline'", () => {
    const csp = hostedPageCsp(page(SUBMIT), acquirer)
    expect(csp).not.toContain(sha('{"x":"<\\u002fscript>"}'))
    expect(csp).not.toContain("'unsafe-inline' 'sha")
    expect(parseCsp(csp).get("script-src")).not.toContain("'unsafe-inline'")
  })

  it("allows an inline event handler by its hash with 'unsafe-hashes'", () => {
    const csp = parseCsp(
      hostedPageCsp(page("", ' onload="document.theForm.submit()"'), acquirer)
    )
    expect(csp.get("script-src")).toEqual([
      sha(""),
      "'unsafe-hashes'",
      sha("document.theForm.submit()"),
    ])
  })

  it("decodes entities in a handler attribute before hashing, as the browser does", () => {
    const csp = parseCsp(
      hostedPageCsp(page("", ' onload="go(&quot;x&quot;)"'), acquirer)
    )
    expect(csp.get("script-src")).toContain(sha('go("x")'))
  })

  it("allows external scripts only from the acquirer's origins", () => {
    const html = page(SUBMIT).replace(
      "</body>",
      '<script src="https://pay.acquirer.test/a.js"></script></body>'
    )
    const csp = parseCsp(
      hostedPageCsp(html, {
        acquirer_origins: [
          "https://pay.acquirer.test",
          "https://hpp.acquirer.test/x",
        ],
      })
    )
    expect(csp.get("script-src")).toEqual([
      sha(SUBMIT),
      "https://pay.acquirer.test",
      "https://hpp.acquirer.test",
    ])
    expect(csp.get("form-action")).toEqual([
      "https://pay.acquirer.test",
      "https://hpp.acquirer.test",
    ])
  })

  it("runs no script at all when the page has none", () => {
    const html =
      "<html><body><form action='https://pay.acquirer.test/p'></form></body></html>"
    expect(parseCsp(hostedPageCsp(html, acquirer)).get("script-src")).toEqual([
      "'none'",
    ])
  })

  it("covers the sandbox's checkout page script", () => {
    const html = renderCheckoutPage({
      action: "https://pay.acquirer.test/pay",
      static_inputs: { a: "1" },
      script_inputs: { order_no: "X1" },
    })
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1]
    expect(parseCsp(hostedPageCsp(html, acquirer)).get("script-src")).toEqual([
      sha(inline),
    ])
  })

  it("refuses a missing or non-http acquirer origin", () => {
    expect(() => hostedPageCsp(page(SUBMIT), { acquirer_origins: [] })).toThrow(
      "no acquirer origin"
    )
    expect(() =>
      hostedPageCsp(page(SUBMIT), { acquirer_origins: ["javascript:alert(1)"] })
    ).toThrow("must be http(s)")
  })
})
