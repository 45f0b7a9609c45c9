import { randomUUID } from "node:crypto"
import {
  acquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
  REOPEN_GUARD_MS,
  type Shop,
} from "../helpers/acquiring-suite"
import { cartWithSession } from "../helpers/checkout"
import { httpClient } from "../../dev/store-client/http-client"
import { cardBody, CARDS } from "../helpers/test-cards"
import {
  startSecondInstance,
  type SecondInstance,
} from "../helpers/second-instance"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(240_000))

// Set where a Redis answers (CI sets it on a machine that runs one): counters then live there,
// under a prefix of this run's own, and a second Medusa instance must see the same counts.
const redisUrl = process.env.ACQUIRING_TEST_REDIS_URL

// Limits small enough to reach, read by the local stack's config when Medusa boots for this file.
const LIMITS = {
  ...(redisUrl
    ? {
        backend: "redis",
        redis_url: redisUrl,
        key_prefix: `acquiring:test:${randomUUID()}`,
      }
    : {}),
  session: { attempts: null, declines: { max: 2, window_s: 3600 } },
  ip: { attempts: { max: 6, window_s: 600 }, declines: null },
  publishable_key: { attempts: { max: 9, window_s: 600 }, declines: null },
  breaker: null,
}
process.env.ACQUIRING_TEST_VELOCITY = JSON.stringify(LIMITS)
afterAll(() => {
  delete process.env.ACQUIRING_TEST_VELOCITY
})

// The instances the tests of attempts in flight start: only the per-IP decline limit, 10 an hour,
// so no attempt limit above (6 per IP, 9 per key) stops the 20 attempts first.
const TEN_DECLINES_PER_IP = {
  session: { attempts: null, declines: null },
  ip: { attempts: null, declines: { max: 10, window_s: 3600 } },
  publishable_key: { attempts: null, declines: null },
  breaker: null,
}

/** Card testing: the limits at N and N+1 per session, per IP and per key; nothing over a limit reaches the acquirer. */
acquiringSuite(
  { shopPerTest: true },
  ({ sandbox, openShop, backendUrl, databaseUrl }) => {
    let shop: Shop

    /** Submits a card from `ip` (Medusa trusts one proxy hop: X-Forwarded-For names the client). */
    function submitFrom(
      ip: string,
      sessionId: string,
      card: string,
      instanceUrl = backendUrl
    ) {
      const client = httpClient(instanceUrl, () => ({
        "x-publishable-api-key": shop.seeded.publishableKey,
        "x-forwarded-for": ip,
      }))
      return client.post(
        `/store/acquiring/payment-sessions/${sessionId}/card`,
        cardBody(card)
      )
    }

    async function sessionId(): Promise<string> {
      return (await cartWithSession(shop, CARD_PROVIDER)).session.id
    }

    const authorizations = async () =>
      (await sandbox.requests("authorise")).length

    /** `count` card sessions of the shop, opened five at a time (the first cart's guest, copied: shop.readyCart). */
    async function sessionIds(count: number): Promise<string[]> {
      const ids: string[] = []
      while (ids.length < count) {
        const batch = Array.from(
          { length: Math.min(5, count - ids.length) },
          async () => (await cartWithSession(shop, CARD_PROVIDER)).session.id
        )
        ids.push(...(await Promise.all(batch)))
      }
      return ids
    }

    /** Medusa instances of their own on this test's database, booted with `velocity` as their limits. */
    async function startInstances(
      count: number,
      velocity: object
    ): Promise<SecondInstance[]> {
      const own = process.env.ACQUIRING_TEST_VELOCITY
      process.env.ACQUIRING_TEST_VELOCITY = JSON.stringify(velocity)
      const started: SecondInstance[] = []
      try {
        for (let n = 0; n < count; n++)
          started.push(await startSecondInstance(databaseUrl()))
        return started
      } catch (error) {
        await Promise.all(started.map((instance) => instance.stop()))
        throw error
      } finally {
        process.env.ACQUIRING_TEST_VELOCITY = own
      }
    }

    /**
     * Twenty declined cards from one IP on twenty sessions at once, spread
     * over `instances`, against its limit of ten declines: the acquirer
     * answers slowly, so all twenty are in flight together.
     */
    async function twentyDeclinesAtOnce(
      ip: string,
      instances: SecondInstance[]
    ) {
      shop = await openShop()
      const ids = await sessionIds(20)
      const before = await authorizations()
      await sandbox.injectFault({
        operation: "authorise",
        kind: "latency",
        latency_ms: 1500,
        count: 20,
      })
      try {
        const answers = await Promise.all(
          ids.map((id, n) =>
            submitFrom(
              ip,
              id,
              CARDS.declined,
              () => instances[n % instances.length].url
            )
          )
        )
        const statuses = answers.map((answer) => answer.status)
        expect(statuses.filter((status) => status === 402)).toHaveLength(10)
        expect(statuses.filter((status) => status === 429)).toHaveLength(10)
        for (const refused of answers.filter(
          (answer) => answer.status === 429
        )) {
          expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
          expect(refused.data).toMatchObject({
            type: "rate_limited",
            message:
              "Too many payment attempts from your connection. Please wait a few minutes and try again.",
            retry_after: expect.any(Number),
          })
        }
        // counted in the sandbox's request log: nothing over the limit reached the acquirer
        expect(await authorizations()).toBe(before + 10)
        // the ten declines hold the limit afterwards, on every instance
        for (const instance of instances) {
          const blocked = await submitFrom(
            ip,
            await sessionId(),
            CARDS.approved,
            () => instance.url
          )
          expect(blocked.status).toBe(429)
        }
        expect(await authorizations()).toBe(before + 10)
      } finally {
        await sandbox.clearFaults()
      }
    }

    it("per session: two declines pass, the third attempt answers 429 with Retry-After and never reaches the acquirer", async () => {
      shop = await openShop()
      const id = await sessionId()
      const before = await authorizations()
      expect(
        (await submitFrom("198.51.100.1", id, CARDS.declined)).status
      ).toBe(402)
      expect(
        (await submitFrom("198.51.100.1", id, CARDS.declined)).status
      ).toBe(402)
      const blocked = await submitFrom("198.51.100.1", id, CARDS.approved)
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(blocked.data).toMatchObject({
        type: "rate_limited",
        retry_after: expect.any(Number),
      })
      expect(blocked.data.message).toEqual(expect.any(String))
      expect(await authorizations()).toBe(before + 2)
    })

    // Medusa restores the database before each test (a new shop, a new key); the counters live on
    it("per IP: the sixth attempt from one address passes, the seventh answers 429", async () => {
      shop = await openShop()
      // two attempts of this address so far (the blocked one is not counted)
      const before = await authorizations()
      for (let n = 3; n <= 6; n++) {
        expect({
          n,
          status: (
            await submitFrom("198.51.100.1", await sessionId(), CARDS.approved)
          ).status,
        }).toEqual({ n, status: 200 })
      }
      const blocked = await submitFrom(
        "198.51.100.1",
        await sessionId(),
        CARDS.approved
      )
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await authorizations()).toBe(before + 4)
      // another address is not limited by this one's count
      expect(
        (await submitFrom("198.51.100.2", await sessionId(), CARDS.approved))
          .status
      ).toBe(200)
    })

    it("per publishable key: the ninth attempt under one key passes, the tenth answers 429 from any address", async () => {
      shop = await openShop()
      const before = await authorizations()
      for (let n = 1; n <= 9; n++) {
        const status = (
          await submitFrom(`203.0.113.${n}`, await sessionId(), CARDS.approved)
        ).status
        expect({ n, status }).toEqual({ n, status: 200 })
      }
      const blocked = await submitFrom(
        "203.0.113.99",
        await sessionId(),
        CARDS.approved
      )
      expect(blocked.status).toBe(429)
      expect(blocked.data.type).toBe("rate_limited")
      expect(await authorizations()).toBe(before + 9)
    })

    it("hosted pages, and attempts refused after the check, hold no decline place once answered", async () => {
      shop = await openShop()
      const { session } = await cartWithSession(shop, HOSTED_PROVIDER)
      const client = httpClient(backendUrl, () => ({
        "x-publishable-api-key": shop.seeded.publishableKey,
        "x-forwarded-for": "198.51.100.77",
      }))
      const open = () =>
        client.post(
          `/store/acquiring/payment-sessions/${session.id}/hosted-page`,
          {}
        )
      // the session's limit is 2 declines: places kept by these would refuse the third with 429
      expect((await open()).status).toBe(200)
      // opened moments ago (refused after the velocity check), twice
      for (let n = 0; n < 2; n++) {
        const again = await open()
        expect(again.status).not.toBe(429)
        expect(again.status).toBeLessThan(500)
      }
      await shop.backdateAttempts(session.id, REOPEN_GUARD_MS + 500)
      expect((await open()).status).toBe(200)
    })

    it("20 concurrent declines from one IP against its limit of 10: exactly 10 reach the acquirer (one instance)", async () => {
      const [instance] = await startInstances(1, {
        ...TEN_DECLINES_PER_IP,
        backend: "memory",
      })
      try {
        await twentyDeclinesAtOnce("198.51.100.200", [instance])
      } finally {
        await instance.stop()
      }
    })

    if (redisUrl) {
      it("20 concurrent declines from one IP against its limit of 10, over two instances sharing Redis: exactly 10 reach the acquirer", async () => {
        const instances = await startInstances(2, {
          ...TEN_DECLINES_PER_IP,
          backend: "redis",
          redis_url: redisUrl,
          key_prefix: `acquiring:test:${randomUUID()}`,
        })
        try {
          await twentyDeclinesAtOnce("198.51.100.201", instances)
        } finally {
          await Promise.all(instances.map((instance) => instance.stop()))
        }
      })

      it("two Medusa instances on one database and Redis share the per-key count", async () => {
        shop = await openShop()
        const second = await startSecondInstance(databaseUrl())
        try {
          const before = await authorizations()
          const instances = [backendUrl, () => second.url]
          for (let n = 1; n <= 9; n++) {
            const status = (
              await submitFrom(
                `192.0.2.${n}`,
                await sessionId(),
                CARDS.approved,
                instances[n % 2]
              )
            ).status
            expect({ n, status }).toEqual({ n, status: 200 })
          }
          // each instance has seen fewer than nine attempts; only a shared count reaches the limit
          for (const url of instances) {
            const blocked = await submitFrom(
              "192.0.2.99",
              await sessionId(),
              CARDS.approved,
              url
            )
            expect(blocked.status).toBe(429)
          }
          expect(await authorizations()).toBe(before + 9)
        } finally {
          await second.stop()
        }
      })
    }
  }
)
