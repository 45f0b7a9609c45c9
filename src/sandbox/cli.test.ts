import { spawn } from "node:child_process"
import path from "node:path"
import { parseCliArgs } from "./cli"

describe("command line", () => {
  it("parses the flags with defaults and repeatable --allow-ip", () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      port: 4010,
      host: "127.0.0.1",
      account: {
        merchant_id: "10001",
        account_id: "10001001",
        sign_key: "sandbox-sign-key-0001",
      },
      registered_ips: ["127.0.0.1"],
      notify_hosts: [],
      retention: {},
    })
    const parsed = parseCliArgs([
      "--port",
      "0",
      "--merchant-id",
      "M9",
      "--account-id",
      "A9",
      "--sign-key",
      "k",
      "--allow-ip",
      "10.0.0.1",
      "--allow-ip",
      "127.0.0.1",
    ])
    expect(
      parseCliArgs(["--notify-host", "hooks.test", "--notify-host", "*"])
        .notify_hosts
    ).toEqual(["hooks.test", "*"])
    expect(parsed).toMatchObject({
      port: 0,
      account: { merchant_id: "M9", account_id: "A9", sign_key: "k" },
      registered_ips: ["10.0.0.1", "127.0.0.1"],
    })
    expect(
      parseCliArgs(["--keep-requests", "500", "--keep-transactions", "2000"])
        .retention
    ).toEqual({ requests: 500, transactions: 2000 })
    expect(() => parseCliArgs(["--keep-requests", "0"])).toThrow(
      /--keep-requests/
    )
    expect(() => parseCliArgs(["--port", "http"])).toThrow(/--port/)
    expect(() => parseCliArgs(["--colour"])).toThrow()
  })

  it("starts on loopback, prints URL, credentials and test cards, and stops on SIGTERM", async () => {
    const root = path.resolve(__dirname, "../..")
    const child = spawn(
      process.execPath,
      [
        require.resolve("ts-node/dist/bin.js"),
        "--transpile-only",
        "src/sandbox/cli.ts",
        "--port",
        "0",
        "--sign-key",
        "cli-key",
      ],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      }
    )
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no banner in time: ${output}`)),
          15_000
        )
        const check = () => {
          if (output.includes("4100000000000019")) {
            clearTimeout(timer)
            resolve()
          }
        }
        child.stdout.on("data", check)
        child.once("exit", () => reject(new Error(`exited: ${output}`)))
      })
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      expect(url).toBeDefined()
      expect(output).toContain("sign_key     cli-key")
      expect(output).toContain("merchant_id  10001")
      const answer = await fetch(`${url}/__sandbox/test-cards`)
      expect(answer.status).toBe(200)
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGTERM")
      await exited
    }
  }, 20_000)
})
