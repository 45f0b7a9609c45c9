import { parseResponXml } from "../gateway/codecs/xml-result"
import { RetainedList, resolveRetention } from "./retention"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  TEST_ACCOUNT,
  authorizeBody,
  batchBody,
  post,
} from "./__fixtures__/test-harness"

describe("RetainedList", () => {
  it("keeps the last max items, oldest first, across many compactions", () => {
    const list = new RetainedList<number>(20)
    for (let i = 1; i <= 1000; i++) list.push(i)
    expect(list.size).toBe(20)
    expect(list.toArray()).toEqual(
      Array.from({ length: 20 }, (_, i) => 981 + i)
    )
    expect(list.find((n) => n === 981)).toBe(981)
    expect(list.find((n) => n === 980)).toBeUndefined()
    list.clear()
    expect(list.toArray()).toEqual([])
  })

  it("keeps everything below the limit", () => {
    const list = new RetainedList<string>(3)
    list.push("a")
    list.push("b")
    expect(list.toArray()).toEqual(["a", "b"])
  })
})

describe("resolveRetention", () => {
  it("fills defaults and refuses nonsense", () => {
    expect(resolveRetention({ requests: 5 })).toEqual({
      requests: 5,
      notifications: 5_000,
      transactions: 10_000,
    })
    expect(() => resolveRetention({ transactions: 0 })).toThrow(RangeError)
    expect(() => resolveRetention({ requests: 1.5 })).toThrow(RangeError)
  })
})

describe("a sandbox with small retention limits", () => {
  let sandbox: SandboxHandle
  beforeAll(async () => {
    sandbox = await startSandbox({
      accounts: [{ ...TEST_ACCOUNT }],
      retention: { requests: 3, transactions: 2 },
    })
  })
  afterAll(() => sandbox.close())

  it("keeps the last requests and forgets the oldest transactions", async () => {
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const answer = await post(`${sandbox.url}/v1/authorise`, authorizeBody())
      ids.push(String(parseResponXml(answer.text).transaction_id))
    }
    expect(sandbox.requests()).toHaveLength(3)
    const ledger = sandbox.state.allLedgers()[0]
    expect([...ledger.transactions.keys()]).toEqual(ids.slice(2))
    expect(ledger.byOrderNo.size).toBe(2)

    // a capture naming a forgotten transaction is refused for that entry
    const capture = await post(
      `${sandbox.url}/v1/capture`,
      batchBody("capture_orders", [
        { transaction_id: ids[0], amount: "15.00" },
        { transaction_id: ids[3], amount: "15.00" },
      ])
    )
    const entries = capture.json().capture_orders as {
      capture_status: string
    }[]
    expect(entries.map((e) => e.capture_status)).toEqual(["0", "1"])
  })
})
