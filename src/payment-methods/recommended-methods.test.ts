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
    const input = {
      gateway,
      cache,
      log,
      budget_ms: 1000,
      arrived_at: Date.now(),
      cart,
    }
    const first = await recommendedMethods(input)
    const second = await recommendedMethods(input)
    expect(first).toEqual({
      methods: [
        { code: "CARD", display_name: "Card" },
        { code: "BANK_TRANSFER", display_name: "Transfer" },
      ],
      source: "acquirer",
      answered_by: "acquirer",
    })
    expect(second).toEqual({ ...first, answered_by: "cache" })
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
      arrived_at: Date.now(),
      cart,
    })
    expect(result).toEqual({
      methods: [{ code: "CARD", display_name: "Credit or debit card" }],
      source: "cards",
      answered_by: "budget",
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
      recommendedMethods({
        gateway: failing,
        log,
        budget_ms: 1000,
        arrived_at: Date.now(),
        cart,
      })
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
        arrived_at: Date.now(),
        cart: { ...cart, email: "" },
      })
    ).resolves.toMatchObject({ source: "cards", answered_by: "no_email" })
    expect(asked).toBe(false)
  })

  it("counts the budget from the request's arrival: time spent before asking is not given again", async () => {
    const gateway = {
      optimize: () => new Promise<OptimizeResponse>(() => undefined),
    }
    const begun = Date.now()
    const result = await recommendedMethods({
      gateway,
      cache: memoryCache(),
      log,
      budget_ms: 1000,
      // the cart and its providers took 990 ms of the 1000 already
      arrived_at: begun - 990,
      cart: { ...cart, id: "cart_arrival" },
    })
    expect(result).toMatchObject({ source: "cards", answered_by: "budget" })
    // given by the budget's timer: its remaining 10 ms, not another 1000
    expect(Date.now() - begun).toBeLessThan(900)
  })
})

describe("one question per cart and amount at a time", () => {
  /** The acquirer, answering each optimise when told to, counting them. */
  function slowAcquirer() {
    const waiting: ((value: OptimizeResponse) => void)[] = []
    let sent = 0
    return {
      gateway: {
        optimize: () => {
          sent++
          return new Promise<OptimizeResponse>((resolve) =>
            waiting.push(resolve)
          )
        },
      },
      sent: () => sent,
      answerAll: () => waiting.splice(0).forEach((resolve) => resolve(answer)),
    }
  }

  /** Claims of one store, as Medusa's locking module gives them to every instance. */
  function sharedClaims() {
    const held = new Set<string>()
    let refusedOnce: () => void = () => undefined
    return {
      claim: async (question: string) => {
        if (!held.has(question)) return (held.add(question), true)
        refusedOnce()
        return false
      },
      release: async (question: string) => void held.delete(question),
      /** resolves once a caller has been refused the claim another holds */
      refused: new Promise<void>((done) => (refusedOnce = done)),
    }
  }

  it("sends one request for 50 lookups at once in one process, and every one gets its answer", async () => {
    const acquirer = slowAcquirer()
    const cache = memoryCache()
    const claims = sharedClaims()
    const lookups = Array.from({ length: 50 }, () =>
      recommendedMethods({
        gateway: acquirer.gateway,
        cache,
        claims,
        log,
        budget_ms: 10_000,
        arrived_at: Date.now(),
        cart: { ...cart, id: "cart_fifty" },
      })
    )
    await new Promise((resolve) => setImmediate(resolve))
    acquirer.answerAll()
    const answers = await Promise.all(lookups)
    expect(acquirer.sent()).toBe(1)
    expect(new Set(answers.map((a) => `${a.source}/${a.answered_by}`))).toEqual(
      new Set(["acquirer/acquirer"])
    )
  })

  it("lets a second instance wait for the first's answer in the cache rather than ask again", async () => {
    const acquirer = slowAcquirer()
    const cache = memoryCache()
    const claims = sharedClaims()
    // two processes: two copies of the module, one cache and one lock store between them
    const instance = () => {
      let loaded!: typeof import("./recommended-methods")
      jest.isolateModules(() => {
        loaded = require("./recommended-methods")
      })
      return loaded.recommendedMethods
    }
    const [first, second] = [instance(), instance()]
    const input = {
      gateway: acquirer.gateway,
      cache,
      claims,
      log,
      budget_ms: 10_000,
      cart: { ...cart, id: "cart_two_instances" },
    }
    const asking = first({ ...input, arrived_at: Date.now() })
    await new Promise((resolve) => setImmediate(resolve))
    const waiting = second({ ...input, arrived_at: Date.now() })
    // the second instance found the question claimed by the first: it waits for the answer in the cache
    await claims.refused
    acquirer.answerAll()
    const [one, two] = await Promise.all([asking, waiting])
    expect(acquirer.sent()).toBe(1)
    expect(one).toMatchObject({ source: "acquirer" })
    expect(two).toMatchObject({ source: "acquirer" })
  })

  it("answers every caller by its own budget while the shared question is slow, and the late answer serves the next", async () => {
    const acquirer = slowAcquirer()
    const cache = memoryCache()
    const input = {
      gateway: acquirer.gateway,
      cache,
      claims: sharedClaims(),
      log,
      budget_ms: 30,
      cart: { ...cart, id: "cart_slow" },
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        recommendedMethods({ ...input, arrived_at: Date.now() })
      )
    )
    expect(answers.map((a) => a.answered_by)).toEqual(Array(10).fill("budget"))
    acquirer.answerAll()
    await cache.firstKept
    await expect(
      recommendedMethods({ ...input, arrived_at: Date.now() })
    ).resolves.toMatchObject({ source: "acquirer", answered_by: "cache" })
    expect(acquirer.sent()).toBe(1)
  })
})
