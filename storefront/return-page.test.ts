import { readReturn, waitForConfirmation } from "./return-page"
import type { StoreTransport } from "./transport"

describe("readReturn", () => {
  it("reads the status and the attempt token", () => {
    expect(
      readReturn(
        "https://shop.example/checkout/return?status=authorized&attempt=at_9f"
      )
    ).toEqual({ status: "authorized", attempt: "at_9f" })
    expect(readReturn({ search: "?status=canceled" })).toEqual({
      status: "canceled",
    })
  })

  it("calls a status the plugin never sends unknown", () => {
    expect(readReturn(new URL("https://shop.example/r?status=paid"))).toEqual({
      status: "unknown",
    })
    expect(readReturn("/checkout/return")).toEqual({ status: "unknown" })
  })
})

describe("waitForConfirmation", () => {
  it("reads the session until it leaves pending", async () => {
    const statuses = ["pending", "pending", "authorized"]
    const paths: string[] = []
    const store: StoreTransport = async (method, path) => {
      paths.push(`${method} ${path}`)
      const status = statuses.shift()
      return {
        status: 200,
        body: { payment_session: { id: "ps_1", status, data: { status } } },
      }
    }
    const session = await waitForConfirmation(store, "ps_1", { intervalMs: 1 })
    expect(session.status).toBe("authorized")
    expect(paths).toEqual([
      "GET /store/acquiring/payment-sessions/ps_1",
      "GET /store/acquiring/payment-sessions/ps_1",
      "GET /store/acquiring/payment-sessions/ps_1",
    ])
  })

  it("answers the last read, still pending, when time runs out", async () => {
    let reads = 0
    const store: StoreTransport = async () => {
      reads++
      return {
        status: 200,
        body: { payment_session: { id: "ps_1", status: "pending", data: {} } },
      }
    }
    const session = await waitForConfirmation(store, "ps_1", {
      intervalMs: 5,
      timeoutMs: 0,
    })
    expect(session.status).toBe("pending")
    expect(reads).toBe(1)
  })
})
