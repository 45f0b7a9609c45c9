import { createHash } from "node:crypto"
import fc from "fast-check"
import { hostedPageHeaders } from "."
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from "../gateway/__fixtures__/fuzz/fuzz-settings"

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS)

const fragment = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.constantFrom(
    "<script>",
    "</script>",
    "<script type='module'>",
    '<script type="application/json">',
    "<script src='https://pay.acquirer.test/a.js'>",
    "<body onload=\"go('x;y')\">",
    "<img onerror='a()' src=x>",
    "<template><script>t()</script></template>",
    "<!--",
    "-->",
    "\r\n",
    "; script-src *",
    "'unsafe-inline'"
  )
)
const html = fc.array(fragment, { maxLength: 8 }).map((parts) => parts.join(""))

it("builds a well-formed header set for any page", () => {
  fc.assert(
    fc.property(html, (page) => {
      const headers = hostedPageHeaders(page, {
        acquirer_origins: ["https://pay.acquirer.test"],
      })
      for (const value of Object.values(headers))
        expect(value).toMatch(/^[\x20-\x7e]+$/)
      const directives = headers["Content-Security-Policy"]
        .split("; ")
        .map((part) => part.split(" ")[0])
      expect(directives).toEqual([
        "default-src",
        "script-src",
        "style-src",
        "img-src",
        "form-action",
        "base-uri",
        "frame-ancestors",
      ])
      const scriptSources = headers["Content-Security-Policy"]
        .split("; ")[1]
        .split(" ")
        .slice(1)
      for (const source of scriptSources) {
        expect(source).toMatch(
          /^('none'|'unsafe-hashes'|'sha256-[A-Za-z0-9+/]{43}='|https:\/\/pay\.acquirer\.test)$/
        )
      }
      // Text with one plain inline script after it gets exactly that script's hash.
      if (!page.includes("<")) {
        const single = `${page}<script>${"go()"}</script>`
        const only = hostedPageHeaders(single, {
          acquirer_origins: ["https://pay.acquirer.test"],
        })
        const hash = createHash("sha256").update("go()").digest("base64")
        expect(only["Content-Security-Policy"]).toContain(
          `script-src 'sha256-${hash}';`
        )
      }
    }),
    fuzzParameters()
  )
})
