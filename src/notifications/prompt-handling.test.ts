/**
 * A verified notification's handling at once: Medusa's process-payment
 * workflow for what Medusa's own subscriber would act on, the plugin's
 * record of it, a time budget, and one handling for resends of the same
 * notification meanwhile. The payment module, the workflow engine and the
 * plugin's record are stood in for.
 */
import { Modules } from "@medusajs/framework/utils"
import { recordNotification } from "./notification-subscriber"
import { handleNotificationWithin } from "./prompt-handling"
import { standIn, type Held } from "./__fixtures__/medusa-stand-in"

jest.mock("./notification-subscriber", () => ({
  recordNotification: jest.fn(async () => undefined),
}))

const recorded = recordNotification as jest.Mock

/** A gate a test opens when it wants the payment module's answers to come. */
function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/**
 * A container whose payment module answers `verdict` once `answer`
 * resolves, counting the askings, the events and the workflow runs; Query
 * reads the session as `held` says (neither payment nor order by default).
 */
function medusa(
  verdict: { action: string; data?: { session_id?: string } },
  answer: Promise<void> = Promise.resolve(),
  held: Held = {}
) {
  const asked: unknown[] = []
  const emitted: { event: unknown; options: unknown }[] = []
  const { container, runs } = standIn(held, {
    [Modules.EVENT_BUS]: {
      emit: async (event: unknown, options: unknown) => {
        emitted.push({ event, options })
      },
    },
    [Modules.PAYMENT]: {
      getWebhookActionAndData: async (input: unknown) => {
        asked.push(input)
        await answer
        return verdict
      },
    },
  })
  return { container, asked, runs, emitted }
}

const notification = (body: string) => ({
  provider: "acquiring-hosted_acquiring",
  payload: { data: {}, rawData: Buffer.from(body), headers: {} },
})

describe("a notification handled at once", () => {
  beforeEach(() => recorded.mockClear())

  it("runs Medusa's process-payment workflow for an authorised or captured payment, then the plugin's record, with the same payload", async () => {
    for (const action of ["authorized", "captured"]) {
      const verdict = { action, data: { session_id: "payses_1" } }
      const { container, runs } = medusa(verdict)
      const input = notification(`order_no=MED1&status=${action}`)
      expect(await handleNotificationWithin(container, input)).toBe("handled")
      expect(runs).toEqual([{ id: "process-payment-workflow", input: verdict }])
      expect(recorded).toHaveBeenLastCalledWith(container, input)
    }
  })

  it("leaves the workflow out for an authorised payment whose session has its payment and its cart its order, and still records it", async () => {
    const authorised = {
      action: "authorized",
      data: { session_id: "payses_1" },
    }
    const input = notification("order_no=MED6&status=authorized")
    const ordered = medusa(authorised, undefined, {
      payment: true,
      order: true,
    })
    expect(await handleNotificationWithin(ordered.container, input)).toBe(
      "handled"
    )
    expect(ordered.runs).toEqual([])
    expect(recorded).toHaveBeenLastCalledWith(ordered.container, input)

    // a payment without its order (a completion undone), an order without
    // the payment (a bank transfer awaited), or a capture: the workflow has work
    for (const [verdict, held] of [
      [authorised, { payment: true }],
      [authorised, { order: true }],
      [
        { action: "captured", data: { session_id: "payses_1" } },
        { payment: true, order: true },
      ],
    ] as const) {
      const { container, runs } = medusa(verdict, undefined, held)
      await handleNotificationWithin(
        container,
        notification(`order_no=MED7&${verdict.action}&${Object.keys(held)}`)
      )
      expect(runs).toEqual([{ id: "process-payment-workflow", input: verdict }])
    }
  })

  it("hands an authorisation the storefront had in the card's answer to a check after its wait, runs no workflow now, and still records it", async () => {
    const verdict = {
      action: "authorized",
      data: {
        session_id: "payses_1",
        amount: "15.00",
        order_no: "MED8",
        notify_type: "PAYMENT",
        order_due_in_ms: 30_000,
      },
    }
    const { container, runs, emitted } = medusa(verdict)
    const input = notification("order_no=MED8&restated")
    expect(await handleNotificationWithin(container, input)).toBe("handled")
    expect(runs).toEqual([])
    expect(emitted).toEqual([
      {
        event: {
          name: "acquiring.card_order_due",
          data: {
            session_id: "payses_1",
            amount: "15.00",
            order_due_in_ms: 30_000,
          },
        },
        options: { delay: 30_000, attempts: 3 },
      },
    ])
    expect(recorded).toHaveBeenLastCalledWith(container, input)
  })

  it("leaves Medusa's workflow out for what its subscriber drops: failures, voids, pending, forgeries, no session", async () => {
    for (const verdict of [
      { action: "failed", data: { session_id: "payses_1" } },
      { action: "canceled", data: { session_id: "payses_1" } },
      { action: "pending", data: { session_id: "payses_1" } },
      { action: "not_supported" },
      { action: "authorized", data: {} },
    ]) {
      const { container, runs } = medusa(verdict)
      await handleNotificationWithin(
        container,
        notification(`order_no=MED2&${verdict.action}`)
      )
      expect(runs).toEqual([])
    }
    expect(recorded).toHaveBeenCalledTimes(5)
  })

  it("answers late when the work outlasts its budget, and tells a failure after that", async () => {
    // the answer comes only once the budget has run out
    const slow = gate()
    const { container } = medusa(
      { action: "authorized", data: { session_id: "payses_1" } },
      slow.opened
    )
    recorded.mockRejectedValueOnce(new Error("database gone"))
    const failures: unknown[] = []
    let told: () => void = () => undefined
    const failureTold = new Promise<void>((resolve) => (told = resolve))
    const outcome = await handleNotificationWithin(
      container,
      notification("order_no=MED3"),
      20,
      (error) => {
        failures.push(error)
        told()
      }
    )
    expect(outcome).toBe("late")
    expect(failures).toEqual([])
    slow.open()
    await failureTold
    expect(failures).toEqual([new Error("database gone")])
  })

  it("joins a resend of the same notification to the handling under way; another notification has its own", async () => {
    // no answer until all three have arrived
    const held = gate()
    const { container, asked, runs } = medusa(
      { action: "authorized", data: { session_id: "payses_1" } },
      held.opened
    )
    const first = handleNotificationWithin(
      container,
      notification("order_no=MED4")
    )
    const resent = handleNotificationWithin(
      container,
      notification("order_no=MED4")
    )
    const other = handleNotificationWithin(
      container,
      notification("order_no=MED5")
    )
    held.open()
    expect(await Promise.all([first, resent, other])).toEqual([
      "handled",
      "handled",
      "handled",
    ])
    expect(asked).toHaveLength(2)
    expect(runs).toHaveLength(2)
    // once it is over, a later resend is handled anew
    await handleNotificationWithin(container, notification("order_no=MED4"))
    expect(asked).toHaveLength(3)
  })
})
