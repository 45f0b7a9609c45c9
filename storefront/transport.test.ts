/**
 * @jest-environment node
 */
// The transport runs in Node too (server actions); js-sdk needs web streams jsdom lacks.
import Medusa from "@medusajs/js-sdk"
import { fetchTransport, sdkTransport } from "./transport"

type Sent = { url: string; init: RequestInit }

function recordingFetch(
  status: number,
  body: string,
  headers: Record<string, string> = {}
) {
  const sent: Sent[] = []
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, init })
    return new Response(body, { status, headers })
  }) as unknown as typeof fetch
  return { sent, fetchImpl }
}

describe("fetchTransport", () => {
  it("sends the publishable key and JSON, and reads status, body and Retry-After", async () => {
    const { sent, fetchImpl } = recordingFetch(
      429,
      JSON.stringify({ type: "rate_limited", retry_after: 30 }),
      { "retry-after": "12" }
    )
    const store = fetchTransport({
      baseUrl: "http://127.0.0.1:9000/",
      publishableKey: "pk_test",
      fetch: fetchImpl,
    })
    const answer = await store("POST", "/store/x", { a: 1 })
    expect(answer).toEqual({
      status: 429,
      body: { type: "rate_limited", retry_after: 30 },
      retryAfter: 12,
    })
    expect(sent[0].url).toBe("http://127.0.0.1:9000/store/x")
    expect(sent[0].init.body).toBe('{"a":1}')
    expect(sent[0].init.headers).toMatchObject({
      "x-publishable-api-key": "pk_test",
      "content-type": "application/json",
    })
  })
})

describe("fetchTransport's DELETE", () => {
  it("sends the method without a body or a content type", async () => {
    const { sent, fetchImpl } = recordingFetch(
      200,
      JSON.stringify({ id: "acqcard_01", object: "saved_card", deleted: true })
    )
    const store = fetchTransport({
      baseUrl: "http://127.0.0.1:9000",
      publishableKey: "pk_test",
      fetch: fetchImpl,
    })
    const answer = await store(
      "DELETE",
      "/store/acquiring/saved-cards/acqcard_01"
    )
    expect(answer.body).toEqual({
      id: "acqcard_01",
      object: "saved_card",
      deleted: true,
    })
    expect(sent[0].url).toBe(
      "http://127.0.0.1:9000/store/acquiring/saved-cards/acqcard_01"
    )
    expect(sent[0].init.method).toBe("DELETE")
    expect(sent[0].init.body).toBeUndefined()
    expect(sent[0].init.headers).not.toHaveProperty("content-type")
  })
})

describe("sdkTransport", () => {
  it("sends what the js-sdk would: its base URL, key, global headers and customer token", async () => {
    const sdk = new Medusa({
      baseUrl: "http://127.0.0.1:9000",
      publishableKey: "pk_sdk",
      globalHeaders: { "x-medusa-locale": "de-DE" },
      auth: { type: "jwt", jwtTokenStorageMethod: "memory" },
    })
    await sdk.client.setToken("customer-jwt")
    const { sent, fetchImpl } = recordingFetch(200, '{"ok":true}')
    const answer = await sdkTransport(sdk, { fetch: fetchImpl })(
      "GET",
      "/store/acquiring/payment-sessions/ps_1"
    )
    expect(answer).toEqual({ status: 200, body: { ok: true } })
    expect(sent[0].url).toBe(
      "http://127.0.0.1:9000/store/acquiring/payment-sessions/ps_1"
    )
    expect(sent[0].init.headers).toMatchObject({
      "x-publishable-api-key": "pk_sdk",
      "x-medusa-locale": "de-DE",
      authorization: "Bearer customer-jwt",
    })
  })
})
