import { z } from "zod"
import {
  AcquiringError,
  GatewayRefusedError,
  InvalidInputError,
  SignatureMismatchError,
  TransportError,
  UnexpectedResponseError,
  invalidInputFromZod,
  isOutcomeUnknown,
} from "./errors"

describe("errors", () => {
  it("GatewayRefusedError splits a <code>:<text> string", () => {
    const err = new GatewayRefusedError("capture", "E0004:no such transaction")
    expect(err).toBeInstanceOf(AcquiringError)
    expect(err).toBeInstanceOf(Error)
    expect(err.name).toBe("GatewayRefusedError")
    expect(err.operation).toBe("capture")
    expect(err.code).toBe("E0004")
    expect(err.text).toBe("no such transaction")
    expect(err.message).toContain("E0004")
  })

  it("GatewayRefusedError keeps a text that itself contains colons", () => {
    const err = new GatewayRefusedError("refund", "E0006:refund exceeds: 10.00")
    expect(err.code).toBe("E0006")
    expect(err.text).toBe("refund exceeds: 10.00")
  })

  it("GatewayRefusedError takes code and text separately", () => {
    const err = new GatewayRefusedError("checkout", "404", "record not found")
    expect(err.code).toBe("404")
    expect(err.text).toBe("record not found")
  })

  it("GatewayRefusedError with a bare code has empty text", () => {
    const err = new GatewayRefusedError("cancel", "E0003")
    expect(err.code).toBe("E0003")
    expect(err.text).toBe("")
  })

  it("SignatureMismatchError names only the message kind", () => {
    const err = new SignatureMismatchError("authorise")
    expect(err.name).toBe("SignatureMismatchError")
    expect(err.message_kind).toBe("authorise")
    expect(err.message).toBe(
      "signature of the authorise message does not match"
    )
  })

  it("TransportError carries its flags", () => {
    const err = new TransportError("capture", "timed out", {
      timed_out: true,
      may_have_reached_gateway: true,
    })
    expect(err.timed_out).toBe(true)
    expect(err.may_have_reached_gateway).toBe(true)
    expect(err.status).toBeUndefined()
    const http = new TransportError("query", "HTTP 502", {
      timed_out: false,
      may_have_reached_gateway: true,
      status: 502,
    })
    expect(http.status).toBe(502)
    expect(http.name).toBe("TransportError")
  })

  it("InvalidInputError names field and reason, issues default to the one field", () => {
    const err = new InvalidInputError("amount", "has 3 decimals, USD allows 2")
    expect(err.field).toBe("amount")
    expect(err.reason).toBe("has 3 decimals, USD allows 2")
    expect(err.issues).toEqual([
      { path: "amount", message: "has 3 decimals, USD allows 2" },
    ])
    expect(err.message).toBe("invalid amount: has 3 decimals, USD allows 2")
  })

  it("invalidInputFromZod names the first failing path", () => {
    const schema = z.object({
      order_no: z.string(),
      capture_orders: z.array(z.object({ transaction_id: z.string().min(1) })),
    })
    const parsed = schema.safeParse({
      order_no: "A1",
      capture_orders: [{ transaction_id: "T1" }, { transaction_id: "" }],
    })
    expect(parsed.success).toBe(false)
    if (parsed.success) return
    const err = invalidInputFromZod(parsed.error)
    expect(err).toBeInstanceOf(InvalidInputError)
    expect(err.field).toBe("capture_orders[1].transaction_id")
    expect(err.issues).toHaveLength(1)
    const prefixed = invalidInputFromZod(parsed.error, "request")
    expect(prefixed.field).toBe("request.capture_orders[1].transaction_id")
  })
})

describe("isOutcomeUnknown", () => {
  it("treats lost, unreadable and unverifiable answers as unknown, refusals and unsent requests as known", () => {
    const reached = new TransportError("capture", "timed out", {
      timed_out: true,
      may_have_reached_gateway: true,
    })
    const unsent = new TransportError("capture", "refused", {
      timed_out: false,
      may_have_reached_gateway: false,
    })
    expect(isOutcomeUnknown(reached)).toBe(true)
    expect(isOutcomeUnknown(unsent)).toBe(false)
    expect(isOutcomeUnknown(new SignatureMismatchError("result"))).toBe(true)
    expect(
      isOutcomeUnknown(new UnexpectedResponseError("authorise", "not XML"))
    ).toBe(true)
    expect(isOutcomeUnknown(new SyntaxError("Unexpected token"))).toBe(true)
    expect(
      isOutcomeUnknown(
        new GatewayRefusedError("capture", "E0005", "Not allowed")
      )
    ).toBe(false)
    expect(
      isOutcomeUnknown(new InvalidInputError("amount", "is not a decimal"))
    ).toBe(false)
  })
})
