import type { OptimizeResponse } from "../gateway/index"
import {
  recommendedMethods,
  type RecommendationCache,
} from "./recommended-methods"

function memoryCache(): RecommendationCache & {
  entries: Map<string, unknown>
  /** resolves with the first value kept */
  firstKept: Promise<unknown>
} {
  const entries = new Map<string, unknown>()
  let kept: (value: unknown) => void = () => undefined
  const firstKept = new Promise<unknown>((resolve) => (kept = resolve))
  return {
    entries,
    firstKept,
    get: async <T>(key: string) => (entries.get(key) as T) ?? null,
    set: async (key: string, value: unknown) => {
      entries.set(key, value)
      kept(value)
    },
  }
}

const cart = {
  id: "cart_1",
  currency: "EUR",
  amount: "150.00",
  email: "a@example.com",
}
const answer: OptimizeResponse = {
  return_status: "1",
  payment_methods: [
    { payment_method: "CARD", display_name: "Card", rank: "1" },
    { payment_method: "BANK_TRANSFER", display_name: "Transfer", rank: "2" },
  ],
} as OptimizeResponse
const logs: string[] = []
const log = (_level: string, message: string) => void logs.push(message)

describe("asking the acquirer which methods to offer", () => {
  it("asks once per cart and amount, then answers from the cache", async () => {
    const cache = memoryCache()
    const sent: unknown[] = []
    const gateway = {
      optimize: async (request: unknown) => {
        sent.push(request)
        return answer
      },
    }
    const input = { gateway, cache, log, budget_ms: 1000, cart }
    const first = await recommendedMethods(input)
    const second = await recommendedMethods(input)
    expect(first).toEqual({
      methods: [
        { code: "CARD", display_name: "Card" },
        { code: "BANK_TRANSFER", display_name: "Transfer" },
      ],
      source: "acquirer",
    })
    expect(second).toEqual(first)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      currency: "EUR",
      amount: "150.00",
      shopper_email: "a@example.com",
    })
    // another amount is another question
    await recommendedMethods({ ...input, cart: { ...cart, amount: "20.00" } })
    expect(sent).toHaveLength(2)
  })

  it("gives cards at the budget when the acquirer is slow, and keeps its late answer", async () => {
    const cache = memoryCache()
    let answerNow: (value: OptimizeResponse) => void = () => undefined
    const gateway = {
      optimize: () =>
        new Promise<OptimizeResponse>((resolve) => (answerNow = resolve)),
    }
    const result = await recommendedMethods({
      gateway,
      cache,
      log,
      budget_ms: 20,
      cart,
    })
    expect(result).toEqual({
      methods: [{ code: "CARD", display_name: "Credit or debit card" }],
      source: "cards",
    })
    answerNow(answer)
    // the late answer, once kept, is the acquirer's
    const kept = (await cache.firstKept) as { source: string }
    expect(kept.source).toBe("acquirer")
  })

  it("gives cards when the acquirer refuses or the cart has no e-mail yet", async () => {
    const failing = {
      optimize: () => Promise.reject(new Error("signature mismatch")),
    }
    await expect(
      recommendedMethods({ gateway: failing, log, budget_ms: 1000, cart })
    ).resolves.toMatchObject({ source: "cards" })
    expect(logs.join("\n")).toMatch(/recommendation failed; offering cards/)
    let asked = false
    const gateway = {
      optimize: async () => {
        asked = true
        return answer
      },
    }
    await expect(
      recommendedMethods({
        gateway,
        log,
        budget_ms: 1000,
        cart: { ...cart, email: "" },
      })
    ).resolves.toMatchObject({ source: "cards" })
    expect(asked).toBe(false)
  })
})
