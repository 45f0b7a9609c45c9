/** The operation fast path and the express routes answer alike. */
import { parseResponXml } from "../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "./sandbox"
import { TEST_ACCOUNT, authorizeBody, post } from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ ...TEST_ACCOUNT }] })
})
afterAll(() => sandbox.close())

describe("sandbox HTTP server", () => {
  it.each(["/v1/authorise", "/v1/authorise?x=1", "/v1/authorise/"])(
    "serves an operation at %s and logs it without card data",
    async (path) => {
      sandbox.reset()
      const answer = await post(`${sandbox.url}${path}`, authorizeBody())
      expect(answer.status).toBe(200)
      expect(answer.headers.get("content-type")).toBe(
        "application/xml; charset=utf-8"
      )
      expect(parseResponXml(answer.text).order_status).toBe("1")
      const [logged] = sandbox.requests()
      expect(logged).toMatchObject({
        method: "POST",
        operation: "authorise",
        status: 200,
      })
      const stored = JSON.stringify(logged)
      expect(stored).toContain("424242******4242")
      expect(stored).not.toContain("4242424242424242")
      expect(stored).not.toContain("security_code")
    }
  )

  it("refuses a body over 2 MB", async () => {
    const answer = await post(
      `${sandbox.url}/v1/capture`,
      JSON.stringify({ note: "x".repeat(2 * 1024 * 1024 + 10) })
    )
    expect(answer.status).toBe(413)
  })

  it("answers 404 for an unknown endpoint and GET on an operation", async () => {
    expect((await post(`${sandbox.url}/v1/nothing`, {})).status).toBe(404)
    const get = await fetch(`${sandbox.url}/v1/authorise`)
    expect(get.status).toBe(404)
  })
})
