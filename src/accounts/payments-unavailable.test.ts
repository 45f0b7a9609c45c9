import {
  PaymentsUnavailableError,
  reportUnavailable,
  unavailableAnswer,
} from "./payments-unavailable"

describe("a configuration fault", () => {
  it("tells the storefront a neutral sentence, and nothing of the reason", () => {
    const error = new PaymentsUnavailableError(
      'Acquiring account "Sandbox": Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex)'
    )
    expect(unavailableAnswer()).toEqual({
      type: "payment_unavailable",
      message:
        "Card payments are unavailable right now. Please try again later or choose another payment method.",
    })
    expect(JSON.stringify(unavailableAnswer())).not.toContain("Sandbox")
    expect(error.message).toContain("ACQUIRING_SETTINGS_KEY")
  })

  it("logs the operator's reason once per process, however many shoppers meet it", () => {
    const lines: string[] = []
    const logger = { error: (line: string) => lines.push(line) }
    const reason = `Acquiring account "A-${Date.now()}" is incomplete: base_url: is required`
    for (let i = 0; i < 3; i++)
      reportUnavailable(logger, new PaymentsUnavailableError(reason))
    reportUnavailable(logger, new PaymentsUnavailableError(`${reason}; other`))
    expect(lines).toEqual([
      `[acquiring] card payments are refused until this is fixed: ${reason}`,
      `[acquiring] card payments are refused until this is fixed: ${reason}; other`,
    ])
  })
})
