import {
  followTransfer,
  readReturn,
  returnOutcome,
  waitForConfirmation,
} from "./return-page"
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

  it("tells a transfer that lapsed or was voided from a payment that failed or was left", () => {
    const transfer = (state: "awaited" | "received" | "lapsed" | "voided") => ({
      state,
      amount: "105.00",
      currency: "USD",
      awaited_until: "2026-12-09T10:00:00.000Z",
    })
    const of = (status: SessionStatus, state: Parameters<typeof transfer>[0]) =>
      returnOutcome({ status, data: { transfer: transfer(state) } })
    expect(of("pending_authorization", "awaited")).toBe("awaiting_transfer")
    expect(of("captured", "received")).toBe("paid")
    // Medusa ends a lapsed transfer's session error or canceled: lapsed all the same
    expect(of("error", "lapsed")).toBe("transfer_lapsed")
    expect(of("canceled", "lapsed")).toBe("transfer_lapsed")
    expect(of("canceled", "voided")).toBe("transfer_voided")
  })
})

describe("followTransfer", () => {
  const attempt = "0f1e2d3c4b5a69788796a5b4"
  const answer = (status: SessionStatus, state: string) => ({
    status: 200,
    body: {
      payment_return: {
        attempt,
        cart_id: "cart_1",
        order_id: "order_1",
        payment_session: {
          id: "ps_1",
          status,
          data: { status, transfer: { state } },
        },
      },
    },
  })

  it("reads the return until the transfer ends, through a failed read, waiting longer each time", async () => {
    const answers = [
      answer("pending_authorization", "awaited"),
      { status: 502, body: {} },
      answer("pending_authorization", "awaited"),
      answer("captured", "received"),
    ]
    const at: number[] = []
    const store: StoreTransport = async (method, path) => {
      expect(`${method} ${path}`).toBe(
        `GET /store/acquiring/returns/${attempt}`
      )
      at.push(Date.now())
      return answers.shift()!
    }
    const found = await followTransfer(store, attempt, { intervalMs: 10 })
    expect(returnOutcome(found.payment_session)).toBe("paid")
    expect(found.order_id).toBe("order_1")
    expect(at).toHaveLength(4)
    // 10, 20, then 40 ms apart: the last gap is past the first two's
    expect(at[3] - at[2]).toBeGreaterThan(25)
  })

  it("reads no more while the tab is hidden, and once at once when it is shown", async () => {
    let hidden = true
    Object.defineProperty(document, "hidden", {
      configurable: true,
      get: () => hidden,
    })
    let reads = 0
    const store: StoreTransport = async () => {
      reads++
      return reads < 2
        ? answer("pending_authorization", "awaited")
        : answer("canceled", "lapsed")
    }
    // the kit waits for the page to be shown: proven by its listener, not by a sleep
    const listening = new Promise<void>((resolve) => {
      const add = document.addEventListener.bind(document)
      jest
        .spyOn(document, "addEventListener")
        .mockImplementation((type: string, listener: any, options?: any) => {
          add(type, listener, options)
          if (type === "visibilitychange") resolve()
        })
    })
    const following = followTransfer(store, attempt, { intervalMs: 1 })
    await listening
    expect(reads).toBe(1)
    hidden = false
    document.dispatchEvent(new Event("visibilitychange"))
    const found = await following
    expect(reads).toBe(2)
    expect(returnOutcome(found.payment_session)).toBe("transfer_lapsed")
    delete (document as { hidden?: boolean }).hidden
    jest.restoreAllMocks()
  })

  it("stops when its signal aborts", async () => {
    const stop = new AbortController()
    const store: StoreTransport = async () =>
      answer("pending_authorization", "awaited")
    const following = followTransfer(store, attempt, {
      intervalMs: 60_000,
      signal: stop.signal,
    })
    stop.abort(new Error("left the page"))
    await expect(following).rejects.toThrow("left the page")
  })
})
