import { AccountSource, useAccountSource } from "./account-source"
import { checkConfigurationAtStartUp } from "./start-up-check"

function recordingLogger() {
  const lines: string[] = []
  return {
    lines,
    error: (message: string) => lines.push(`error ${message}`),
    warn: (message: string) => lines.push(`warn ${message}`),
  }
}

describe("the start-up check", () => {
  it("logs one line per fault, with its fix", async () => {
    useAccountSource(new AccountSource(async () => []))
    const logger = recordingLogger()
    await checkConfigurationAtStartUp({
      configModule: { modules: { payment: { options: { providers: [] } } } },
      logger,
    })
    expect(logger.lines).toEqual([
      expect.stringMatching(
        /^error \[acquiring\] card payments are refused until this is fixed: No acquiring payment provider is registered: .*options: \{\}/
      ),
    ])
  })

  it("warns, and does not throw, when the accounts cannot be read", async () => {
    useAccountSource(
      new AccountSource(() =>
        Promise.reject(new Error('relation "acquiring_account" does not exist'))
      )
    )
    const logger = recordingLogger()
    const entry = {
      resolve: "medusa-payment-acquiring/providers/acquiring",
      id: "acquiring",
      options: {},
    }
    await checkConfigurationAtStartUp({
      configModule: {
        modules: { payment: { options: { providers: [entry] } } },
      },
      logger,
    })
    expect(logger.lines).toEqual([
      expect.stringMatching(
        /^warn \[acquiring\] .*acquiring_account" does not exist.*npx medusa db:migrate/
      ),
    ])
  })
})
