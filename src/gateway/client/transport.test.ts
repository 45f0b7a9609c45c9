import { GatewayRefusedError, TransportError } from "../errors"
import {
  closedPortUrl,
  startFakeGateway,
  type FakeGateway,
  type FakeHandler,
} from "./__fixtures__/fake-gateway"
import type { LogLevel } from "./logger"
import { joinUrl, post, type TransportConfig } from "./transport"

// the pooled client is what ships by default; a fetch passed in must behave the same
describe.each([
  ["undici's pooled request", undefined],
  ["a fetch passed in", globalThis.fetch],
])("transport through %s", (_name, fetchFn) => {
  function config(
    base_url: string,
    timeout_ms = 30_000,
    lines: string[] = []
  ): TransportConfig {
    return {
      base_url,
      timeout_ms,
      fetch: fetchFn,
      log: (level: LogLevel, message: string) =>
        void lines.push(`${level} ${message}`),
    }
  }

  let gateway: FakeGateway | undefined
  afterEach(async () => {
    await gateway?.close()
    gateway = undefined
  })
  async function start(handler: FakeHandler) {
    gateway = await startFakeGateway(handler)
    return gateway
  }

  it("joins base url and path with one slash", () => {
    expect(joinUrl("http://h/api/", "/v1/capture")).toBe(
      "http://h/api/v1/capture"
    )
    expect(joinUrl("http://h", "v1/capture")).toBe("http://h/v1/capture")
  })

  it("posts JSON with Content-Type application/json", async () => {
    const g = await start(() => ({ body: { ok: true } }))
    const answer = await post(config(g.url), {
      operation: "capture",
      path: "/v1/capture",
      body: { merchant_id: "1", capture_orders: [{ transaction_id: "T1" }] },
      encoding: "json",
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({ ok: true })
    expect(g.requests[0].method).toBe("POST")
    expect(g.requests[0].path).toBe("/v1/capture")
    expect(g.requests[0].headers["content-type"]).toBe("application/json")
    expect(JSON.parse(g.requests[0].body)).toEqual({
      merchant_id: "1",
      capture_orders: [{ transaction_id: "T1" }],
    })
  })

  it("posts a real form-urlencoded body", async () => {
    const g = await start(() => ({ body: {} }))
    await post(config(g.url), {
      operation: "retrieval_trans",
      path: "/v1/retrievalTrans",
      body: { merchant_id: "1", orders: "A 1,B&2" },
      encoding: "form",
    })
    expect(g.requests[0].headers["content-type"]).toBe(
      "application/x-www-form-urlencoded"
    )
    expect(g.requests[0].body).toBe("merchant_id=1&orders=A+1%2CB%262")
  })

  it("maps HTTP 400 {code, source, message} to GatewayRefusedError", async () => {
    const g = await start(() => ({
      status: 400,
      body: { code: "E0001", source: "order_no", message: "missing field" },
    }))
    const error = await post(config(g.url), {
      operation: "checkout",
      path: "/v1/checkout",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayRefusedError)
    expect((error as GatewayRefusedError).code).toBe("E0001")
    expect((error as GatewayRefusedError).text).toBe("missing field (order_no)")
    expect((error as GatewayRefusedError).operation).toBe("checkout")
  })

  it("drops a code the 400 message repeats", async () => {
    const g = await start(() => ({
      status: 400,
      body: {
        code: "I0061",
        source: "order_no",
        message: "I0061:Duplicate order number",
      },
    }))
    const error = await post(config(g.url), {
      operation: "checkout",
      path: "/v1/checkout",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect((error as GatewayRefusedError).text).toBe(
      "Duplicate order number (order_no)"
    )
  })

  it("maps HTTP 404 to GatewayRefusedError with code 404", async () => {
    const g = await start(() => ({ status: 404, body: "Not Found" }))
    const error = await post(config(g.url), {
      operation: "checkout",
      path: "/v1/checkout",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayRefusedError)
    expect((error as GatewayRefusedError).code).toBe("404")
  })

  it("maps other statuses to TransportError with the status", async () => {
    const g = await start(() => ({ status: 502, body: "bad gateway" }))
    const error = await post(config(g.url), {
      operation: "capture",
      path: "/v1/capture",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).status).toBe(502)
    expect((error as TransportError).may_have_reached_gateway).toBe(true)
    expect((error as TransportError).timed_out).toBe(false)
  })

  it("does not follow a redirect: a 302 is an unexpected status", async () => {
    const g = await start(() => ({
      status: 302,
      headers: { location: "/elsewhere" },
      body: "",
    }))
    const error = await post(config(g.url), {
      operation: "capture",
      path: "/v1/capture",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect((error as TransportError).status).toBe(302)
    expect(g.requests.map((r) => r.path)).toEqual(["/v1/capture"])
  })

  it("reports a time-out as timed_out and possibly received", async () => {
    const g = await start(() => "hang")
    const started = Date.now()
    const error = await post(config(g.url, 150), {
      operation: "capture",
      path: "/v1/capture",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(1500)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).timed_out).toBe(true)
    expect((error as TransportError).may_have_reached_gateway).toBe(true)
  })

  it("reports a connection reset after sending as possibly received", async () => {
    const g = await start(() => "reset")
    const error = await post(config(g.url), {
      operation: "refund",
      path: "/v1/refund",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).timed_out).toBe(false)
    expect((error as TransportError).may_have_reached_gateway).toBe(true)
  })

  it("reports a refused connection as never received", async () => {
    const url = await closedPortUrl()
    const error = await post(config(url), {
      operation: "capture",
      path: "/v1/capture",
      body: {},
      encoding: "json",
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).may_have_reached_gateway).toBe(false)
    expect((error as TransportError).timed_out).toBe(false)
    expect((error as Error).message).toContain("ECONNREFUSED")
  })
})
