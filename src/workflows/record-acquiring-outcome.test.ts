import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { recordAcquiringOutcomeWorkflow } from "./record-acquiring-outcome"

type Session = {
  id: string
  data: Record<string, unknown>
  status: string
  amount: number
  raw_amount: { value: string }
  currency_code: string
  payment?: unknown
}

function fakePaymentModule(session: Session | undefined) {
  const calls: { method: string; args: unknown[] }[] = []
  return {
    calls,
    module: {
      listPaymentSessions: async (...args: unknown[]) => {
        calls.push({ method: "listPaymentSessions", args })
        return session ? [session] : []
      },
      updatePaymentSession: async (...args: unknown[]) => {
        calls.push({ method: "updatePaymentSession", args })
        return session
      },
      cancelPayment: async (...args: unknown[]) => {
        calls.push({ method: "cancelPayment", args })
        return {}
      },
    },
  }
}

async function run(
  session: Session | undefined,
  input: {
    order_no: string
    action: "failed" | "canceled"
    result?: { code: string; text: string }
  }
) {
  const fake = fakePaymentModule(session)
  const container = createMedusaContainer()
  container.register(Modules.PAYMENT, asValue(fake.module))
  const { result } = await recordAcquiringOutcomeWorkflow(container).run({
    input: { session_id: "payses_1", ...input },
  })
  return { result, calls: fake.calls }
}

const base: Session = {
  id: "payses_1",
  data: { session_id: "payses_1", order_no: "MED1", status: "pending" },
  status: "pending",
  amount: 15,
  raw_amount: { value: "15" },
  currency_code: "usd",
}

describe("record-acquiring-outcome workflow", () => {
  it("marks a pending session failed with the gateway's result", async () => {
    const { result, calls } = await run(base, {
      order_no: "MED1",
      action: "failed",
      result: { code: "E0008", text: "Declined" },
    })
    expect(result).toBe("session_updated")
    const update = calls.find((c) => c.method === "updatePaymentSession")!
      .args[0] as Record<string, any>
    expect(update).toMatchObject({
      id: "payses_1",
      amount: "15",
      currency_code: "usd",
      status: "error",
    })
    expect(update.data).toMatchObject({
      status: "error",
      result: { code: "E0008", text: "Declined" },
    })
  })

  it("never downgrades an authorised session", async () => {
    const { result, calls } = await run(
      {
        ...base,
        status: "authorized",
        data: { ...base.data, status: "authorized" },
      },
      { order_no: "MED1", action: "failed" }
    )
    expect(result).toBe("ignored")
    expect(calls.map((c) => c.method)).toEqual(["listPaymentSessions"])
  })

  it("ignores a notification of an earlier attempt", async () => {
    const { result } = await run(
      { ...base, data: { ...base.data, order_no: "MED1-2" } },
      { order_no: "MED1", action: "failed" }
    )
    expect(result).toBe("ignored")
  })

  it("cancels the payment of a voided authorisation, but not a captured one", async () => {
    const payment = { id: "pay_1", captured_at: null, canceled_at: null }
    const voided = await run(
      { ...base, payment },
      { order_no: "MED1", action: "canceled" }
    )
    expect(voided.result).toBe("payment_canceled")
    expect(
      voided.calls.find((c) => c.method === "cancelPayment")?.args[0]
    ).toBe("pay_1")
    const captured = await run(
      { ...base, payment: { ...payment, captured_at: new Date() } },
      { order_no: "MED1", action: "canceled" }
    )
    expect(captured.result).toBe("ignored")
  })
})
