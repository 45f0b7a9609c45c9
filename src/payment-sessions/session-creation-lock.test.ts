import { EventEmitter } from "node:events"
import { lockSessionCreation } from "./session-creation-lock"

/** One job at a time per key, as Medusa's locking module runs `execute`. */
function serialLocking(refuse = false) {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    execute<R>(_key: string, job: () => Promise<R>): Promise<R> {
      if (refuse) return Promise.reject(new Error("Timed-out acquiring lock."))
      const run = tail.then(job)
      tail = run.catch(() => undefined)
      return run
    },
  }
}

function request(locking: ReturnType<typeof serialLocking>) {
  const res = Object.assign(new EventEmitter(), {
    headersSent: false,
    headers: {} as Record<string, string>,
    statusCode: 200,
    body: undefined as unknown,
    setHeader(name: string, value: string) {
      res.headers[name] = value
    },
    status(code: number) {
      res.statusCode = code
      return res
    },
    json(body: unknown) {
      res.body = body
      res.headersSent = true
      return res
    },
  })
  const req = { params: { id: "pay_col_1" }, scope: { resolve: () => locking } }
  const next = jest.fn()
  lockSessionCreation(req as never, res as never, next)
  return { res, next }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe("lockSessionCreation", () => {
  it("lets the next request on a collection in only once the answer before it has closed", async () => {
    const locking = serialLocking()
    const first = request(locking)
    const second = request(locking)
    await settle()
    expect(first.next).toHaveBeenCalledTimes(1)
    expect(second.next).not.toHaveBeenCalled()
    first.res.emit("close")
    await settle()
    expect(second.next).toHaveBeenCalledTimes(1)
  })

  it("a caller who hung up while waiting is not run and does not keep the lock", async () => {
    const locking = serialLocking()
    const first = request(locking)
    const gone = request(locking)
    const third = request(locking)
    await settle()
    gone.res.emit("close")
    first.res.emit("close")
    await settle()
    expect(gone.next).not.toHaveBeenCalled()
    expect(third.next).toHaveBeenCalledTimes(1)
  })

  it("answers 409 with Retry-After when the lock is not had in time", async () => {
    const { res, next } = request(serialLocking(true))
    await settle()
    expect(next).not.toHaveBeenCalled()
    expect(res.statusCode).toBe(409)
    expect(res.headers["Retry-After"]).toBe("1")
    expect(res.body).toMatchObject({ type: "conflict" })
  })
})
