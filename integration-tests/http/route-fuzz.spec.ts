import fc from "fast-check"
import {
  acquiringSuite,
  CARD_PROVIDER,
  HOSTED_PROVIDER,
  type Shop,
} from "../helpers/acquiring-suite"
import { cartWithSession } from "../helpers/checkout"
import { createAdminHeaders } from "../../dev/local-stack/admin-user"
import { TEST_JWT_SECRET } from "../../dev/local-stack/app-constants"
import {
  cardNumberForms,
  securityCode,
  validPan,
} from "../../src/gateway/__fixtures__/fuzz/card-data"
import {
  fuzzParameters,
  ROUTE_FUZZ_RUNS,
} from "../../src/gateway/__fixtures__/fuzz/fuzz-settings"
import {
  hostileString,
  jsonish,
} from "../../src/gateway/__fixtures__/fuzz/hostile-input"
import { budget } from "../setup/time-budget"

// 1,000 inputs per route in `npm test`; `npm run fuzz` sends FUZZ_RUNS (10,000).
jest.setTimeout(budget(Math.max(600_000, ROUTE_FUZZ_RUNS * 250)))

/** No answer may take longer than this: a hang fails the property. */
const ANSWER_WITHIN_MS = 30_000
const BATCH = 8
const runs = Math.ceil(ROUTE_FUZZ_RUNS / BATCH) * BATCH

type Sent = {
  method: "GET" | "POST"
  path: string
  headers?: Record<string, string>
  /** Sent as is: JSON, form fields or plain garbage. */
  body?: string
  /** Card data in this request, which the answer must never carry back. */
  pan?: string
  cvc?: string
}

type Answer = { status: number; text: string }

/** A path segment as a client may send it: real ids, look-alikes, hostile text (URL-encoded). */
function segment(real: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    // most requests of an attacker name no real session; the real ones soon meet the limits
    { arbitrary: fc.constantFrom(...real), weight: 1 },
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_]{1,40}$/), weight: 3 },
    hostileString
      .filter((s) => s.length > 0)
      .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "x"))),
    fc.constantFrom("..", "%2e%2e", "%00", "a".repeat(600))
  )
}

/** A card body where each part is right, near-right or junk. */
const cardAttempt = fc
  .record({
    pan: validPan,
    cvc: securityCode,
    shape: fc.integer({ min: 0, max: 4 }),
    noise: jsonish,
    month: fc.oneof(fc.integer({ min: -1, max: 13 }), fc.constant("12")),
    year: fc.oneof(fc.integer({ min: 1999, max: 2200 }), fc.constant("2031")),
  })
  .map(({ pan, cvc, shape, noise, month, year }) => {
    const card = {
      number: pan,
      expiry_month: month,
      expiry_year: year,
      security_code: cvc,
    }
    const bodies: unknown[] = [
      { card },
      { card, holder: noise },
      { card: { ...card, extra: noise } },
      { card: { ...card, number: `${pan} ${pan}` }, noise },
      noise,
    ]
    return { body: JSON.stringify(bodies[shape]), pan, cvc }
  })

/** Query fields as a client may send them (lone surrogates cannot be URL-encoded). */
function queryString(fields: Record<string, string>): string {
  const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/g, "x")
  return Object.entries(fields)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(v))}`
    )
    .join("&")
}

/** Whatever a client may put in a body: JSON of any shape, form fields, or bytes that parse as nothing. */
const anyBody: fc.Arbitrary<{ body?: string; type?: string }> = fc.oneof(
  jsonish.map((value) => ({
    body: JSON.stringify(value),
    type: "application/json",
  })),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }).map((fields) => ({
    body: new URLSearchParams(fields).toString(),
    type: "application/x-www-form-urlencoded",
  })),
  fc
    .tuple(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("application/json", "text/plain", "application/xml")
    )
    .map(([body, type]) => ({ body, type })),
  fc.constant({})
)

acquiringSuite(({ backendUrl, container, logs, openShop, sandbox }) => {
  const cardsSent: string[] = []

  async function send(sent: Sent, headers: Record<string, string>) {
    try {
      const response = await fetch(`${backendUrl()}${sent.path}`, {
        method: sent.method,
        headers: { ...headers, ...sent.headers },
        body: sent.method === "POST" ? sent.body : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      })
      return { status: response.status, text: await response.text() }
    } catch (error) {
      throw new Error(
        `${sent.method} ${sent.path}: no answer (${(error as Error).name})`
      )
    }
  }

  /** What every answer of a plugin route must hold, whatever was sent. */
  function expectSafeAnswer(sent: Sent, answer: Answer) {
    if (answer.status >= 500) {
      throw new Error(
        `${sent.method} ${sent.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`
      )
    }
    if (sent.pan) {
      for (const form of cardNumberForms(sent.pan))
        expect(answer.text).not.toContain(form)
    }
    // as a JSON string, the form an echo of the body would take
    if (sent.cvc) expect(answer.text).not.toContain(`"${sent.cvc}"`)
  }

  /**
   * Sends ROUTE_FUZZ_RUNS generated requests, BATCH at a time (a shop serves
   * many shoppers at once). `first`, when given, is the first batch, sent as
   * written and counted in the runs.
   */
  async function fuzzRoute(
    arbitrary: fc.Arbitrary<Sent>,
    headers: Record<string, string>,
    first?: Sent[]
  ) {
    let answered = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitrary, { minLength: BATCH, maxLength: BATCH }),
        async (batch) => {
          await Promise.all(
            batch.map(async (sent) => {
              if (sent.pan) cardsSent.push(sent.pan)
              expectSafeAnswer(sent, await send(sent, headers))
              answered++
            })
          )
        }
      ),
      {
        ...fuzzParameters(),
        numRuns: Math.ceil(ROUTE_FUZZ_RUNS / BATCH),
        examples: first ? [[first]] : [],
      }
    )
    return answered
  }

  let shop: Shop
  const storeHeaders = () => ({
    "x-publishable-api-key": shop.seeded.publishableKey,
  })

  it("store session routes: any id, any body, answer below 500 without echoing card data", async () => {
    shop = await openShop()
    const card = await cartWithSession(shop, CARD_PROVIDER)
    const hosted = await cartWithSession(shop, HOSTED_PROVIDER)
    const ids = segment([card.session.id, hosted.session.id])
    const sessions = "/store/acquiring/payment-sessions"
    const authorizationsBefore = (await sandbox.requests("authorise")).length

    const targets: Record<string, fc.Arbitrary<Sent>> = {
      card: fc
        .tuple(ids, fc.oneof(cardAttempt, anyBody))
        .map(([id, input]) => ({
          method: "POST" as const,
          path: `${sessions}/${id}/card`,
          headers:
            "type" in input && input.type
              ? { "content-type": input.type }
              : { "content-type": "application/json" },
          body: input.body,
          pan: "pan" in input ? input.pan : undefined,
          cvc: "cvc" in input ? input.cvc : undefined,
        })),
      hostedPage: fc.tuple(ids, anyBody).map(([id, input]) => ({
        method: "POST" as const,
        path: `${sessions}/${id}/hosted-page`,
        headers: input.type ? { "content-type": input.type } : undefined,
        body: input.body,
      })),
      session: ids.map((id) => ({
        method: "GET" as const,
        path: `${sessions}/${id}`,
      })),
      checkout: ids.map((id) => ({
        method: "GET" as const,
        path: `${sessions}/${id}/checkout`,
      })),
      availability: segment([card.cart.id]).map((id) => ({
        method: "GET" as const,
        path: `/store/acquiring/carts/${id}/payment-providers`,
      })),
    }
    // A well-formed generated card names the real session about six times a run, and
    // in one CI run never: the card target opens with one good card sent BATCH times at once.
    const goodCard = JSON.stringify({
      card: {
        number: "4000056655665556",
        expiry_month: "12",
        expiry_year: "2031",
        security_code: "123",
      },
    })
    const sameCardAtOnce: Sent[] = Array.from({ length: BATCH }, () => ({
      method: "POST",
      path: `${sessions}/${card.session.id}/card`,
      headers: { "content-type": "application/json" },
      body: goodCard,
      pan: "4000056655665556",
      cvc: "123",
    }))
    const counts = await Promise.all(
      Object.entries(targets).map(([name, target]) =>
        fuzzRoute(
          target,
          storeHeaders(),
          name === "card" ? sameCardAtOnce : undefined
        )
      )
    )
    expect(counts).toEqual(Object.values(targets).map(() => runs))
    // the good card was charged once; nothing sent after it charged the paid session again
    const authorizations =
      (await sandbox.requests("authorise")).length - authorizationsBefore
    expect(authorizations).toBe(1)
    // the suite scans the logs for its own test cards; the generated ones are looked for here
    const lines = logs.lines().join("\n")
    expect(cardsSent.filter((pan) => lines.includes(pan))).toEqual([])
  })

  it("session creation: any data for an acquiring session answers below 500", async () => {
    shop = await openShop()
    const { collectionId } = await cartWithSession(shop, CARD_PROVIDER)
    const created = await fuzzRoute(
      fc
        .tuple(
          fc.constantFrom(CARD_PROVIDER, HOSTED_PROVIDER),
          jsonish,
          fc.oneof(
            jsonish,
            fc.record({ user_agent: hostileString, language: hostileString })
          )
        )
        .map(([provider_id, data, device]) => ({
          method: "POST" as const,
          path: `/store/payment-collections/${collectionId}/payment-sessions`,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            provider_id,
            data:
              data && typeof data === "object" && !Array.isArray(data)
                ? { ...data, device }
                : data,
          }),
        })),
      storeHeaders()
    )
    expect(created).toBe(runs)
  })

  it("browser-facing pages, returns and cancels: any token, query or form answers below 500", async () => {
    shop = await openShop()
    const tokens = segment(["0".repeat(32), "f".repeat(48)])
    const query = fc
      .dictionary(hostileString, hostileString, { maxKeys: 3 })
      .map(queryString)
    const answered = await fuzzRoute(
      fc
        .tuple(
          fc.constantFrom("pages", "return", "cancel", "pay"),
          fc.constantFrom("GET" as const, "POST" as const),
          tokens,
          query,
          anyBody
        )
        .map(([route, method, token, search, input]) => ({
          method:
            route === "pages" || route === "pay" ? ("GET" as const) : method,
          path: `/acquiring/${route}/${token}${search ? `?${search}` : ""}`,
          headers: input.type ? { "content-type": input.type } : undefined,
          body: input.body,
        })),
      {}
    )
    expect(answered).toBe(runs)
  })

  it("admin settings, payouts, refunds and payment routes: any id, query and body answer below 500", async () => {
    shop = await openShop()
    const admin = await createAdminHeaders(container(), TEST_JWT_SECRET)
    const ids = segment([
      "pay_01JZZZZZZZZZZZZZZZZZZZZZZZ",
      "acqacc_01JZZZZZZZZZZZZZZZZZZZZZZZ",
      "acqpo_01JZZZZZZZZZZZZZZZZZZZZZZZ",
      "order_01JZZZZZZZZZZZZZZZZZZZZZZZ",
    ])
    const search = fc
      .dictionary(
        fc.oneof(
          fc.constantFrom(
            "order_nos",
            "transaction_ids",
            "references",
            "status",
            "limit",
            "offset",
            "currency"
          ),
          hostileString
        ),
        hostileString,
        { maxKeys: 4 }
      )
      .map(queryString)
    const routes: [method: "GET" | "POST", path: (id: string) => string][] = [
      ["POST", () => "/admin/acquiring/settings/accounts"],
      ["POST", (id) => `/admin/acquiring/settings/accounts/${id}`],
      [
        "POST",
        (id) => `/admin/acquiring/settings/accounts/${id}/test-connection`,
      ],
      [
        "GET",
        (id) => `/admin/acquiring/settings/accounts/${id}/payment-methods`,
      ],
      ["GET", () => "/admin/acquiring/refunds"],
      ["POST", () => "/admin/acquiring/refunds/record"],
      ["GET", () => "/admin/acquiring/payouts"],
      ["POST", () => "/admin/acquiring/payouts"],
      ["GET", (id) => `/admin/acquiring/payouts/${id}`],
      ["POST", (id) => `/admin/acquiring/payouts/${id}/refresh`],
      ["GET", (id) => `/admin/acquiring/payments/${id}`],
      ["POST", (id) => `/admin/acquiring/payments/${id}/sync`],
      ["POST", (id) => `/admin/acquiring/payments/${id}/cancel-subscription`],
      ["GET", (id) => `/admin/acquiring/orders/${id}/payment-links`],
      ["POST", (id) => `/admin/acquiring/orders/${id}/payment-links`],
      ["GET", (id) => `/admin/acquiring/orders/${id}/money-version`],
    ]
    const requests = fc
      .tuple(fc.constantFrom(...routes), ids, search, anyBody)
      .map(([[method, path], id, query, input]) => ({
        method,
        path: `${path(id)}${method === "GET" && query ? `?${query}` : ""}`,
        headers: input.type ? { "content-type": input.type } : undefined,
        body: input.body,
      }))
    expect(await fuzzRoute(requests, admin)).toBe(runs)
  })

  it("admin review: any payment id and body answers below 500; without a login, 401", async () => {
    shop = await openShop()
    const admin = await createAdminHeaders(container(), TEST_JWT_SECRET)
    const review = fc
      .tuple(segment(["pay_01JZZZZZZZZZZZZZZZZZZZZZZZ"]), anyBody)
      .map(([id, input]) => ({
        method: "POST" as const,
        path: `/admin/acquiring/payments/${id}/review`,
        headers: input.type ? { "content-type": input.type } : undefined,
        body: input.body,
      }))
    expect(await fuzzRoute(review, admin)).toBe(runs)
    const anonymous = await send(
      {
        method: "POST",
        path: "/admin/acquiring/payments/pay_1/review",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ decision: "release" }),
      },
      {}
    )
    expect(anonymous.status).toBe(401)
  })
})
