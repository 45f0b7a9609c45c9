import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import {
  A as ORDER,
  query,
  session,
} from "../payment-sessions/__fixtures__/sessions"
import {
  LENT_FOR_MS,
  lendAnswer,
  takeLentAnswers,
  withLentAnswers,
} from "./lent-answers"
import { settleAttempts } from "./settle-attempts"
import type { Lookup } from "./status-query"

const found = (payment_status: string): Lookup => ({
  kind: "found",
  entry: query(payment_status),
})

/** A payment whose outcome the notification is about to confirm. */
const waiting = session("pending")

/** A core whose status query says the payment is declined ("1000"): an answer the lent one ("2000") can be told from. */
function coreAskingAcquirer() {
  const scripted = scriptedGateway({
    retrieveTransactions: async () => [query("1000")],
  })
  return { core: testCore(scripted.gateway), calls: scripted.calls }
}

describe("status answers lent within a notification's handling", () => {
  afterEach(() => jest.useRealTimers())

  it("settle the attempt the notification confirmed without asking the acquirer again", async () => {
    const { core, calls } = coreAskingAcquirer()
    const settled = await withLentAnswers(async () => {
      lendAnswer(ORDER, found("2000"))
      return settleAttempts(core, waiting)
    })
    expect(calls).toHaveLength(0)
    expect(settled.unavailable).toBe(false)
    expect(settled.data.status).toBe("authorized")
    expect(settled.data.transaction_id).toBe("T1")
  })

  it("are taken once: the next settling in the same handling asks the acquirer", async () => {
    const { core, calls } = coreAskingAcquirer()
    const [first, second] = await withLentAnswers(async () => {
      lendAnswer(ORDER, found("2000"))
      return [
        await settleAttempts(core, waiting),
        await settleAttempts(core, waiting),
      ]
    })
    expect(first.data.status).toBe("authorized")
    expect(calls.map((c) => c.method)).toEqual(["retrieveTransactions"])
    expect(second.data.status).toBe("error")
  })

  it("are kept by no one outside a handling, nor seen by another handling", async () => {
    lendAnswer(ORDER, found("2000"))
    expect(takeLentAnswers([ORDER]).size).toBe(0)
    const { core, calls } = coreAskingAcquirer()
    await withLentAnswers(async () => lendAnswer(ORDER, found("2000")))
    const other = await withLentAnswers(() => settleAttempts(core, waiting))
    expect(calls).toHaveLength(1)
    expect(other.data.status).toBe("error")
  })

  it("are asked again once older than LENT_FOR_MS, and only an answer that found the order is lent", async () => {
    jest.useFakeTimers({ now: new Date("2026-12-03T06:00:00Z") })
    expect(LENT_FOR_MS).toBe(10_000)
    await withLentAnswers(async () => {
      lendAnswer(ORDER, found("2000"))
      jest.setSystemTime(new Date("2026-12-03T06:00:09.999Z"))
      expect([...takeLentAnswers([ORDER]).keys()]).toEqual([ORDER])

      lendAnswer(ORDER, found("2000"))
      jest.setSystemTime(new Date("2026-12-03T06:00:20Z"))
      expect(takeLentAnswers([ORDER]).size).toBe(0)

      lendAnswer(ORDER, { kind: "not_found" })
      lendAnswer("MED-other", { kind: "unavailable", reason: "time-out" })
      expect(takeLentAnswers([ORDER, "MED-other"]).size).toBe(0)
    })
  })
})
