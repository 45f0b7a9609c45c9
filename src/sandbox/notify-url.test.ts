import { checkNotifyUrl, isLoopbackHost } from "./notify-url"
import { startSandbox } from "./sandbox"
import { authorizeBody, post, TEST_ACCOUNT } from "./__fixtures__/test-harness"
import { parseResponXml } from "../gateway/codecs/xml-result"

describe("notify_url policy", () => {
  it("knows loopback hosts", () => {
    for (const host of [
      "127.0.0.1",
      "127.8.9.10",
      "localhost",
      "app.localhost",
      "[::1]",
      "::1",
    ])
      expect(isLoopbackHost(host)).toBe(true)
    for (const host of [
      "10.0.0.1",
      "example.com",
      "128.0.0.1",
      "localhost.example.com",
    ])
      expect(isLoopbackHost(host)).toBe(false)
  })

  it("refuses other hosts and schemes unless the operator allows them", () => {
    expect(() => checkNotifyUrl("http://127.0.0.1:9000/hook", [])).not.toThrow()
    expect(() => checkNotifyUrl("", [])).not.toThrow()
    expect(() => checkNotifyUrl("https://hooks.example.com/x", [])).toThrow(
      /notify_url must be on loopback/
    )
    expect(() =>
      checkNotifyUrl("https://hooks.example.com/x", ["hooks.example.com"])
    ).not.toThrow()
    expect(() =>
      checkNotifyUrl("https://anything.example/x", ["*"])
    ).not.toThrow()
    expect(() => checkNotifyUrl("ftp://127.0.0.1/x", ["*"])).toThrow(
      /absolute http\(s\) URL/
    )
    expect(() => checkNotifyUrl("not a url", [])).toThrow(
      /absolute http\(s\) URL/
    )
  })

  // 0.0.0.0 is not loopback by name, yet a delivery attempt stays on this machine
  it("is widened through the sandbox options", async () => {
    const sandbox = await startSandbox({
      accounts: [{ ...TEST_ACCOUNT }],
      notify_hosts: ["0.0.0.0"],
      notifications: { attempts: 1 },
    })
    try {
      const result = parseResponXml(
        (
          await post(
            `${sandbox.url}/v1/authorise`,
            authorizeBody({ notify_url: "http://0.0.0.0:1/x" })
          )
        ).text
      )
      expect(result.order_status).toBe("1")
    } finally {
      await sandbox.close()
    }
  })
})
