import { readReturn, returnOutcome, waitForConfirmation } from "./return-page"
import type { SessionStatus } from "./session"
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

describe("waitForConfirmation by the attempt token", () => {
  const attempt = "0f1e2d3c4b5a69788796a5b4"

  it("reads the return by its token until confirmed, and answers its cart and order", async () => {
    const answers = [
      { status: "pending", data: { confirming: true }, order_id: null },
      { status: "authorized", data: { status: "authorized" }, order_id: null },
    ]
    const calls: string[] = []
    const store: StoreTransport = async (method, path) => {
      calls.push(`${method} ${path}`)
      const next = answers.shift()!
      return {
        status: 200,
        body: {
          payment_return: {
            attempt,
            cart_id: "cart_1",
            order_id: next.order_id,
            payment_session: {
              id: "ps_1",
              status: next.status,
              data: next.data,
            },
          },
        },
      }
    }
    const found = await waitForConfirmation(
      store,
      { status: "authorized", attempt },
      { intervalMs: 1 }
    )
    expect(found).toEqual({
      attempt,
      cart_id: "cart_1",
      order_id: null,
      payment_session: {
        id: "ps_1",
        status: "authorized",
        data: { status: "authorized" },
      },
    })
    expect(calls).toEqual([
      `GET /store/acquiring/returns/${attempt}`,
      `GET /store/acquiring/returns/${attempt}`,
    ])
  })

  it("throws the store's refusal of an unknown attempt", async () => {
    const store: StoreTransport = async () => ({
      status: 404,
      body: { type: "not_found", message: "Unknown payment attempt" },
    })
    await expect(
      waitForConfirmation(store, { status: "authorized", attempt })
    ).rejects.toMatchObject({ status: 404, message: "Unknown payment attempt" })
  })
})

describe("a bank transfer awaited (pending_authorization)", () => {
  const attempt = "0f1e2d3c4b5a69788796a5b4"

  it("reads the status from the address", () => {
    expect(
      readReturn(
        `/checkout/return?status=pending_authorization&attempt=${attempt}`
      )
    ).toEqual({ status: "pending_authorization", attempt })
  })

  it("stops waiting there and reports it as awaiting the transfer", async () => {
    const answers = [
      { status: "pending", data: { confirming: true } },
      {
        status: "pending_authorization",
        data: {
          status: "pending_authorization",
          payment_method: "BANK_TRANSFER",
        },
      },
      { status: "captured", data: { status: "captured" } },
    ]
    let reads = 0
    const store: StoreTransport = async () => {
      reads++
      const next = answers.shift()!
      return {
        status: 200,
        body: {
          payment_return: {
            attempt,
            cart_id: "cart_1",
            order_id: null,
            payment_session: { id: "ps_1", ...next },
          },
        },
      }
    }
    const found = await waitForConfirmation(
      store,
      { status: "pending", attempt },
      { intervalMs: 1 }
    )
    expect(reads).toBe(2)
    expect(found.payment_session).toEqual({
      id: "ps_1",
      status: "pending_authorization",
      data: {
        status: "pending_authorization",
        payment_method: "BANK_TRANSFER",
      },
    })
    expect(returnOutcome(found.payment_session)).toBe("awaiting_transfer")
  })
})

describe("returnOutcome", () => {
  it("names what the return page does for each status", () => {
    const of = (status: SessionStatus) => returnOutcome({ status, data: {} })
    expect(of("authorized")).toBe("paid")
    expect(of("captured")).toBe("paid")
    expect(of("pending_authorization")).toBe("awaiting_transfer")
    expect(of("pending")).toBe("being_checked")
    expect(of("error")).toBe("failed")
    expect(of("requires_more")).toBe("failed")
    expect(of("canceled")).toBe("canceled")
  })
})
