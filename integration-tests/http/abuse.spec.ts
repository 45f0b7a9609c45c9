import { randomUUID } from "node:crypto"
import {
  acquiringSuite,
  CARD_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import { cartWithSession } from "../helpers/checkout"
import { httpClient } from "../../dev/store-client/http-client"
import { cardBody, CARDS } from "../helpers/test-cards"
import { startSecondInstance } from "../helpers/second-instance"

jest.setTimeout(240_000)

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

/** Card testing: the limits at N and N+1 per session, per IP and per key; nothing over a limit reaches the acquirer. */
acquiringSuite(({ sandbox, openShop, backendUrl, databaseUrl }) => {
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

  const authorisations = async () =>
    (await sandbox.requests("authorise")).length

  it("per session: two declines pass, the third attempt answers 429 with Retry-After and never reaches the acquirer", async () => {
    shop = await openShop()
    const id = await sessionId()
    const before = await authorisations()
    expect((await submitFrom("198.51.100.1", id, CARDS.declined)).status).toBe(
      402
    )
    expect((await submitFrom("198.51.100.1", id, CARDS.declined)).status).toBe(
      402
    )
    const blocked = await submitFrom("198.51.100.1", id, CARDS.approved)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(blocked.data).toMatchObject({
      type: "rate_limited",
      retry_after: expect.any(Number),
    })
    expect(blocked.data.message).toEqual(expect.any(String))
    expect(await authorisations()).toBe(before + 2)
  })

  // Medusa restores the database before each test (a new shop, a new key); the counters live on
  it("per IP: the sixth attempt from one address passes, the seventh answers 429", async () => {
    shop = await openShop()
    // two attempts of this address so far (the blocked one is not counted)
    const before = await authorisations()
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
    expect(await authorisations()).toBe(before + 4)
    // another address is not limited by this one's count
    expect(
      (await submitFrom("198.51.100.2", await sessionId(), CARDS.approved))
        .status
    ).toBe(200)
  })

  it("per publishable key: the ninth attempt under one key passes, the tenth answers 429 from any address", async () => {
    shop = await openShop()
    const before = await authorisations()
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
    expect(await authorisations()).toBe(before + 9)
  })

  if (redisUrl) {
    it("two Medusa instances on one database and Redis share the per-key count", async () => {
      shop = await openShop()
      const second = await startSecondInstance(databaseUrl())
      try {
        const before = await authorisations()
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
        expect(await authorisations()).toBe(before + 9)
      } finally {
        await second.stop()
      }
    })
  }
})
