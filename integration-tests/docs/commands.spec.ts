/*
 * The commands the documents give that start something, run as written.
 * The example storefront's runs here; the sandbox's needs the plugin
 * installed, so the install check (scripts/install-test) runs the README's
 * line in a stock store, and the other documents must give that same line.
 */
import { spawn } from "node:child_process"
import { join, resolve } from "node:path"
import { startingCommands } from "../../scripts/docs/shell-commands"
import { STEP_BUDGETS_MS } from "../helpers/nextjs-checkout"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(120_000))

const ROOT = resolve(__dirname, "..", "..")
const DOCUMENTS = ["README.md", "docs/storefront.md", "docs/sandbox.md"]
const SANDBOX = /^npx acquiring-sandbox\b/
const EXAMPLE_SERVER =
  /^npx ts-node --transpile-only examples\/storefront\/server\.ts\b/
const DEMO = /^npm run demo$/
const NEXT_EXAMPLE = /^cd examples\/nextjs-checkout && .* npm start$/
/** What the Next.js example's one command line may take: its install and its production build. */
const EXAMPLE_BUDGET_MS =
  STEP_BUDGETS_MS["npm install"] + STEP_BUDGETS_MS["next build"]

const commands = DOCUMENTS.flatMap((document) =>
  startingCommands(join(ROOT, document)).map((command) => ({
    document,
    command,
  }))
)

/** Runs `command` in a shell from the repository, until `ready` shows in its output; answers the match and a stop. */
function startAsWritten(
  command: string,
  ready: RegExp,
  timeoutMs = budget(90_000)
) {
  const child = spawn("bash", ["-c", command], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let output = ""
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      // a server waiting on an open keep-alive connection ends for good after a while
      const hard = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 5_000)
      child.once("exit", () => {
        clearTimeout(hard)
        done()
      })
      process.kill(-child.pid!, "SIGTERM")
    })
  const started = new Promise<RegExpMatchArray>((found, failed) => {
    const timer = setTimeout(
      () => failed(new Error(`${command} did not start: ${output}`)),
      timeoutMs
    )
    const read = (chunk: Buffer) => {
      output += chunk
      const match = output.match(ready)
      if (match) {
        clearTimeout(timer)
        found(match)
      }
    }
    child.stdout!.on("data", read)
    child.stderr!.on("data", read)
    child.once("exit", (code) => {
      clearTimeout(timer)
      failed(new Error(`${command} ended (${code}): ${output}`))
    })
  })
  return { started, stop }
}

describe("the documents' commands that start something", () => {
  it("every one is run by a test", () => {
    expect(commands.length).toBeGreaterThan(0)
    const unrun = commands.filter(
      ({ command }) =>
        !SANDBOX.test(command) &&
        !EXAMPLE_SERVER.test(command) &&
        !DEMO.test(command) &&
        !NEXT_EXAMPLE.test(command)
    )
    expect(unrun).toEqual([])
  })

  it("the sandbox command is the README's everywhere (the install check runs it)", () => {
    const sandboxCommands = new Set(
      commands.filter((c) => SANDBOX.test(c.command)).map((c) => c.command)
    )
    expect([...sandboxCommands]).toEqual(["npx acquiring-sandbox --port 4010"])
  })

  it.each(commands.filter((c) => EXAMPLE_SERVER.test(c.command)))(
    "$document: $command",
    async ({ command }) => {
      const server = startAsWritten(
        command,
        /[Ee]xample storefront on (http:\/\/127\.0\.0\.1:\d+)/
      )
      try {
        const [, url] = await server.started
        const page = await fetch(url)
        expect(page.status).toBe(200)
        expect(await page.text()).toContain('<div id="root">')
        const config = await (await fetch(`${url}/config.json`)).json()
        // what the command line named
        expect(config.backendUrl).toBe(command.match(/--backend (\S+)/)![1])
        expect(config.publishableKey).toBe(command.match(/--key (\S+)/)![1])
        expect(url).toBe(
          `http://127.0.0.1:${command.match(/--port (\d+)/)![1]}`
        )
      } finally {
        await server.stop()
      }
    }
  )

  it.each(commands.filter((c) => DEMO.test(c.command)))(
    "$document: $command runs both checkouts and stops by itself",
    async ({ command }) => {
      const demo = startAsWritten(command, /Demo finished\./)
      try {
        await demo.started
      } finally {
        await demo.stop()
      }
    }
  )

  it.each(commands.filter((c) => NEXT_EXAMPLE.test(c.command)))(
    "$document: $command installs, builds and serves the Next.js example",
    async ({ command }) => {
      // the install's and the build's budgets; past them the error shows the output of the step that ran
      const next = startAsWritten(command, /Ready in/, EXAMPLE_BUDGET_MS)
      try {
        await next.started
        // no Medusa behind it here: the return page renders without one, in
        // the country the shop's paths carry (the starter's middleware keeps the query)
        const page = await fetch(
          "http://127.0.0.1:8000/checkout/return?status=canceled"
        )
        expect(page.status).toBe(200)
        expect(new URL(page.url).pathname).toBe("/us/checkout/return")
        const html = await page.text()
        expect(html).toContain("Acquiring example shop")
        expect(html).toContain(
          "<title>Payment | Acquiring example shop</title>"
        )
      } finally {
        await next.stop()
      }
    },
    EXAMPLE_BUDGET_MS + 60_000
  )
})
