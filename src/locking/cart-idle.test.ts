import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { CART_BUSY, cartBeingCompleted, whileCartIdle } from "./locks"

function storeLocks() {
  const locks = new InMemoryLockingProvider()
  const scope = {
    resolve(key: string) {
      if (key === Modules.LOCKING) return locks
      throw new Error(`unexpected ${key}`)
    },
  } as unknown as MedusaContainer
  return { locks, scope }
}

describe("a read under Medusa's lock of a cart", () => {
  it("runs holding the cart's own lock, which is free again after", async () => {
    const { locks, scope } = storeLocks()
    const found = await whileCartIdle(scope, "cart_1", async () => {
      // a completion starting now finds the lock taken
      await expect(
        locks.acquire("cart_1", { ownerId: "a completion" })
      ).rejects.toThrow(/failed to acquire lock/i)
      return "order_1"
    })
    expect(found).toBe("order_1")
    await locks.acquire("cart_1", { ownerId: "a completion" })
  })

  it("is not run while Medusa holds the lock, and leaves Medusa's claim alone", async () => {
    const { locks, scope } = storeLocks()
    await locks.acquire("cart_1", { ownerId: "a completion", expire: 30 })
    const read = jest.fn(async () => "order_1")
    expect(await whileCartIdle(scope, "cart_1", read)).toBe(CART_BUSY)
    expect(await cartBeingCompleted(scope, "cart_1")).toBe(true)
    expect(read).not.toHaveBeenCalled()
    expect(await locks.release("cart_1", { ownerId: "a completion" })).toBe(
      true
    )
    expect(await cartBeingCompleted(scope, "cart_1")).toBe(false)
  })

  it("counts as busy when the read outlasts its claim, and gives the claim back", async () => {
    jest.useFakeTimers()
    try {
      const { locks, scope } = storeLocks()
      let finish: (value: string) => void = () => undefined
      const reading = whileCartIdle(
        scope,
        "cart_1",
        () => new Promise<string>((resolve) => (finish = resolve))
      )
      await jest.advanceTimersByTimeAsync(4_000)
      expect(await reading).toBe(CART_BUSY)
      finish("order_1")
      await locks.acquire("cart_1", { ownerId: "a completion" })
    } finally {
      jest.useRealTimers()
    }
  })

  it("runs the read when the locking module fails otherwise, as without a shared lock", async () => {
    const scope = {
      resolve: () => ({
        acquire: async () => Promise.reject(new Error("connection is closed")),
        release: async () => Promise.reject(new Error("connection is closed")),
      }),
    } as unknown as MedusaContainer
    expect(await whileCartIdle(scope, "cart_1", async () => "order_1")).toBe(
      "order_1"
    )
  })
})
