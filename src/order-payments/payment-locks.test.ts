import { EventEmitter } from "node:events"
import { lockOrderPayments, lockPaymentMoney } from "./payment-locks"

/** Medusa's locking module as `execute` behaves: one holder per key, the others wait. */
function keyedLocking() {
  const tails = new Map<string, Promise<unknown>>()
  const asked: string[][] = []
  return {
    asked,
    execute<R>(keys: string | string[], job: () => Promise<R>): Promise<R> {
      const list = Array.isArray(keys) ? keys : [keys]
      asked.push(list)
      const before = Promise.all(list.map((k) => tails.get(k)))
      const run = before.then(job)
      for (const k of list)
        tails.set(
          k,
          run.catch(() => undefined)
        )
      return run
    },
  }
}

function answer() {
  return Object.assign(new EventEmitter(), {
    headersSent: false,
    statusCode: 200,
    setHeader() {},
    status(code: number) {
      this.statusCode = code
      return this
    },
    json() {
      this.headersSent = true
      return this
    },
  })
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

function scope(locking: ReturnType<typeof keyedLocking>, order?: unknown) {
  const query = { graph: async () => ({ data: order ? [order] : [] }) }
  return {
    resolve: (key: string) => (key === "query" ? query : locking),
  }
}

describe("payment locks on Medusa's money routes", () => {
  it("a second refund of a payment starts only once the first one's answer has closed", async () => {
    const locking = keyedLocking()
    const run = (id: string) => {
      const res = answer()
      const next = jest.fn()
      lockPaymentMoney(
        { params: { id }, scope: scope(locking) } as never,
        res as never,
        next
      )
      return { res, next }
    }
    const first = run("pay_1")
    const second = run("pay_1")
    const other = run("pay_2")
    await settle()
    expect(first.next).toHaveBeenCalledTimes(1)
    expect(second.next).not.toHaveBeenCalled()
    // another payment is not held up
    expect(other.next).toHaveBeenCalledTimes(1)
    first.res.emit("close")
    await settle()
    expect(second.next).toHaveBeenCalledTimes(1)
    expect(locking.asked[0]).toEqual(["acquiring:payment:pay_1"])
  })

  it("an order cancel holds the locks of the order's acquiring payments, so a capture of one waits for it", async () => {
    const locking = keyedLocking()
    const order = {
      payment_collections: [
        {
          payments: [
            { id: "pay_b", provider_id: "pp_acquiring-card_acquiring" },
            { id: "pay_sys", provider_id: "pp_system_default" },
          ],
        },
        {
          payments: [
            { id: "pay_a", provider_id: "pp_acquiring-hosted_acquiring" },
          ],
        },
      ],
    }
    const cancel = { res: answer(), next: jest.fn() }
    await lockOrderPayments(
      { params: { id: "order_1" }, scope: scope(locking, order) } as never,
      cancel.res as never,
      cancel.next
    )
    await settle()
    expect(cancel.next).toHaveBeenCalledTimes(1)
    expect(locking.asked[0]).toEqual([
      "acquiring:payment:pay_a",
      "acquiring:payment:pay_b",
    ])

    const capture = { res: answer(), next: jest.fn() }
    lockPaymentMoney(
      { params: { id: "pay_b" }, scope: scope(locking) } as never,
      capture.res as never,
      capture.next
    )
    await settle()
    expect(capture.next).not.toHaveBeenCalled()
    cancel.res.emit("close")
    await settle()
    expect(capture.next).toHaveBeenCalledTimes(1)
  })

  it("an order with no acquiring payment runs without a lock", async () => {
    const locking = keyedLocking()
    const next = jest.fn()
    await lockOrderPayments(
      {
        params: { id: "order_2" },
        scope: scope(locking, { payment_collections: [] }),
      } as never,
      answer() as never,
      next
    )
    expect(next).toHaveBeenCalledTimes(1)
    expect(locking.asked).toEqual([])
  })
})
