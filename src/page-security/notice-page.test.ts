import { noticePageHeaders, noticePageHtml, readPageScripts } from "."

describe("notice page", () => {
  it("escapes its text and keeps only an http(s) link", () => {
    const html = noticePageHtml({
      title: "Gone <b>",
      text: `"quoted" & <script>alert(1)</script>`,
      link: {
        href: "https://api.shop.example/acquiring/return/ab?x=1&y=2",
        label: "Back",
      },
    })
    expect(html).toContain("<title>Gone &lt;b&gt;</title>")
    expect(html).not.toContain("<script>")
    expect(html).toContain(
      'href="https://api.shop.example/acquiring/return/ab?x=1&amp;y=2"'
    )
    expect(readPageScripts(html)).toEqual({
      inline: [],
      handlers: [],
      external: [],
    })

    const scripted = noticePageHtml({
      title: "t",
      text: "x",
      link: { href: "javascript:alert(1)", label: "Back" },
    })
    expect(scripted).not.toContain("href=")
  })

  it("is served with headers that allow no script, form, frame or outside resource", () => {
    const headers = noticePageHeaders()
    expect(headers["Content-Security-Policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    expect(headers).toMatchObject({
      "Content-Type": "text/html; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
      "X-Frame-Options": "DENY",
    })
  })
})
