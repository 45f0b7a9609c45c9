import {
  mergeStatus,
  statusFromOrderOutcome,
  statusFromPaymentOutcome,
  webhookActionFor,
} from "./status-map"

describe("status mapping", () => {
  it("maps direct-result outcomes", () => {
    const ctx = { auto_capture: false, has_challenge: false }
    expect(statusFromOrderOutcome("authorised", ctx)).toBe("authorized")
    expect(
      statusFromOrderOutcome("authorised", { ...ctx, auto_capture: true })
    ).toBe("captured")
    expect(statusFromOrderOutcome("review", ctx)).toBe("authorized")
    expect(statusFromOrderOutcome("failed", ctx)).toBe("error")
    expect(statusFromOrderOutcome("pending", ctx)).toBe("pending")
    expect(
      statusFromOrderOutcome("pending", { ...ctx, has_challenge: true })
    ).toBe("requires_more")
    expect(statusFromOrderOutcome("unknown", ctx)).toBe("pending")
  })

  it("maps query outcomes", () => {
    expect(statusFromPaymentOutcome("failed")).toBe("error")
    expect(statusFromPaymentOutcome("cancelled")).toBe("canceled")
    expect(statusFromPaymentOutcome("authorised")).toBe("authorized")
    expect(statusFromPaymentOutcome("pending")).toBe("pending")
    expect(statusFromPaymentOutcome("review")).toBe("authorized")
    expect(statusFromPaymentOutcome("captured")).toBe("captured")
    expect(statusFromPaymentOutcome("partly_refunded")).toBe("captured")
    expect(statusFromPaymentOutcome("refunded")).toBe("captured")
    expect(statusFromPaymentOutcome("unknown")).toBe("pending")
  })

  it("never downgrades a settled status", () => {
    expect(mergeStatus("captured", "authorized")).toBe("captured")
    expect(mergeStatus("captured", "error")).toBe("captured")
    expect(mergeStatus("authorized", "pending")).toBe("authorized")
    expect(mergeStatus("authorized", "error")).toBe("authorized")
    expect(mergeStatus("canceled", "authorized")).toBe("canceled")
    expect(mergeStatus("authorized", "captured")).toBe("captured")
    expect(mergeStatus("authorized", "canceled")).toBe("canceled")
    expect(mergeStatus("requires_more", "authorized")).toBe("authorized")
    expect(mergeStatus(undefined, "error")).toBe("error")
    expect(mergeStatus("requires_more", "pending")).toBe("requires_more")
    expect(mergeStatus("requires_more", "error")).toBe("error")
  })

  it("names webhook actions", () => {
    expect(webhookActionFor("error")).toBe("failed")
    expect(webhookActionFor("canceled")).toBe("canceled")
    expect(webhookActionFor("captured")).toBe("captured")
  })
})
