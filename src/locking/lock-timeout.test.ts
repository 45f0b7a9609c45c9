import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { isLockTimeout, withPaymentLock, withSessionLock } from "./locks"

function scopeWith(failure: Error) {
  const written: Record<string, unknown>[] = []
  const scope = {
    resolve(key: string) {
      if (key === Modules.LOCKING)
        return { execute: async () => Promise.reject(failure) }
      if (key === "acquiring")
        return {
          createAcquiringPaymentEvents: async (row: Record<string, unknown>) =>
            written.push(row),
        }
      throw new Error(`unexpected ${key}`)
    },
  } as unknown as MedusaContainer
  return { scope, written }
}

describe("a lock wait that times out", () => {
  it("enters the payment's or session's history and still fails as it would have", async () => {
    const timedOut = new Error("Timed-out acquiring lock.")
    const { scope, written } = scopeWith(timedOut)
    await expect(withPaymentLock(scope, "pay_1", async () => 1)).rejects.toBe(
      timedOut
    )
    await expect(
      withSessionLock(scope, "payses_1", async () => 1)
    ).rejects.toBe(timedOut)
    expect(written).toEqual([
      expect.objectContaining({ kind: "lock_timeout", payment_id: "pay_1" }),
      expect.objectContaining({ kind: "lock_timeout", session_id: "payses_1" }),
    ])
  })

  it("is told from the job's own failures, which leave no entry", async () => {
    const failure = new Error("the acquirer refused")
    const { scope, written } = scopeWith(failure)
    expect(isLockTimeout(failure)).toBe(false)
    await expect(withPaymentLock(scope, "pay_1", async () => 1)).rejects.toBe(
      failure
    )
    expect(written).toEqual([])
  })
})
