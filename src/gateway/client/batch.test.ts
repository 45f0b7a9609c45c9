import { GatewayRefusedError } from "../errors"
import { chunk, chunkJoined, matchEntries, runChunks } from "./batch"

describe("chunk", () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i)

  it("keeps exactly the limit in one chunk and splits one over into two", () => {
    expect(chunk(list(50), 50)).toHaveLength(1)
    const two = chunk(list(51), 50)
    expect(two.map((c) => c.length)).toEqual([50, 1])
    expect(two.flat()).toEqual(list(51))
    expect(chunk([], 50)).toEqual([])
  })

  it("refuses a non-positive size", () => {
    expect(() => chunk([1], 0)).toThrow(RangeError)
  })
})

describe("chunkJoined", () => {
  it("splits on count", () => {
    expect(chunkJoined(["a", "b", "c"], 2, 1000)).toEqual([["a", "b"], ["c"]])
  })

  it("splits when the joined text would pass the character limit", () => {
    // "aaaa,bbbb" is 9 characters; adding ",cccc" would make 14
    expect(chunkJoined(["aaaa", "bbbb", "cccc"], 100, 10)).toEqual([
      ["aaaa", "bbbb"],
      ["cccc"],
    ])
    // exactly at the limit stays together
    expect(chunkJoined(["aaaa", "bbbbb"], 100, 10)).toEqual([["aaaa", "bbbbb"]])
  })

  it("refuses a single value longer than the limit", () => {
    expect(() => chunkJoined(["x".repeat(11)], 100, 10)).toThrow(RangeError)
  })
})

describe("runChunks", () => {
  it("concatenates chunk results in order", async () => {
    const out = await runChunks([[1, 2], [3]], async (entries) =>
      entries.map((n) => n * 10)
    )
    expect(out).toEqual([10, 20, 30])
  })

  it("hands the results of earlier chunks to a later failure", async () => {
    const error = await runChunks([[1], [2]], async (entries, index) => {
      if (index === 1)
        throw new GatewayRefusedError("capture", "E0003:too many")
      return entries
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayRefusedError)
    expect((error as GatewayRefusedError).completed_entries).toEqual([1])
  })
})

describe("matchEntries", () => {
  it("pairs by transaction_id whatever the response order", () => {
    const matched = matchEntries(
      [{ transaction_id: "A" }, { transaction_id: "B" }],
      [
        { transaction_id: "B", n: 2 },
        { transaction_id: "A", n: 1 },
      ]
    )
    expect(matched).toEqual([
      { transaction_id: "A", n: 1 },
      { transaction_id: "B", n: 2 },
    ])
  })

  it("leaves unanswered entries undefined", () => {
    expect(
      matchEntries(
        [{ transaction_id: "A" }, { transaction_id: "C" }],
        [{ transaction_id: "A" }]
      )
    ).toEqual([{ transaction_id: "A" }, undefined])
  })
})
