import { LATE, settleWithin } from "./settle-within"

describe("settleWithin", () => {
  afterEach(() => jest.useRealTimers())

  it("answers the work's result when it settles first, and leaves no timer behind", async () => {
    jest.useFakeTimers()
    const answer = settleWithin(Promise.resolve("done"), 1_000)
    await expect(answer).resolves.toBe("done")
    expect(jest.getTimerCount()).toBe(0)
  })

  it("passes the work's rejection on when it comes first", async () => {
    jest.useFakeTimers()
    const answer = settleWithin(Promise.reject(new Error("refused")), 1_000)
    await expect(answer).rejects.toThrow("refused")
    expect(jest.getTimerCount()).toBe(0)
  })

  it("answers LATE once the budget ran out, while the work runs on", async () => {
    jest.useFakeTimers()
    let finish: (value: string) => void = () => undefined
    const work = new Promise<string>((resolve) => (finish = resolve))
    const answer = settleWithin(work, 500)
    jest.advanceTimersByTime(499)
    let settled = false
    void answer.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    jest.advanceTimersByTime(1)
    await expect(answer).resolves.toBe(LATE)
    finish("after")
    await expect(work).resolves.toBe("after")
  })

  it("a budget already spent answers LATE for work still pending", async () => {
    await expect(settleWithin(new Promise(() => undefined), -5)).resolves.toBe(
      LATE
    )
  })
})
