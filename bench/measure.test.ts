import { interleave, meets, ratioRow, stats, table, type Row } from "./measure"

describe("stats", () => {
  it("takes the middle sample of an odd count, without reordering the samples kept", () => {
    const samples = [9, 1, 5]
    expect(stats(samples)).toEqual({
      median: 5,
      min: 1,
      max: 9,
      samples: [9, 1, 5],
    })
  })

  it("averages the two middle samples of an even count", () => {
    expect(stats([4, 10, 2, 8]).median).toBe(6)
  })

  it("reads one sample as median, min and max", () => {
    expect(stats([3.5])).toMatchObject({ median: 3.5, min: 3.5, max: 3.5 })
  })
})

describe("interleave", () => {
  it("warms both up once, then alternates which runs first, and keeps only the rounds", async () => {
    const order: string[] = []
    let a = 0
    let b = 100
    const measured = await interleave(
      4,
      async () => (order.push("A"), a++),
      async () => (order.push("B"), b++)
    )
    expect(order.join("")).toBe("AB" + "AB" + "BA" + "AB" + "BA")
    // warm-up values 0 and 100 are dropped
    expect(measured.target.samples).toEqual([1, 2, 3, 4])
    expect(measured.baseline.samples).toEqual([101, 102, 103, 104])
  })
})

describe("ratioRow and meets", () => {
  const measured = { target: stats([12, 11, 13]), baseline: stats([10]) }

  it("divides the target's median by the baseline's", () => {
    expect(ratioRow("s", "ms", measured, "base", "≤ 1.25×").ratio).toBe(1.2)
  })

  it("meets an upper limit up to and including it, not past it", () => {
    const row = (at_most: number) =>
      ratioRow("s", "ms", measured, "base", "", { at_most })
    expect(meets(row(1.2))).toBe(true)
    expect(meets(row(1.19))).toBe(false)
  })

  it("judges a row's own figure, not its ratio, when it has one", () => {
    const row: Row = {
      ...ratioRow("s", "ms", measured, "base", "", { at_least: 1000 }),
      figure: 999,
    }
    expect(meets(row)).toBe(false)
    expect(meets({ ...row, figure: 1000 })).toBe(true)
  })

  it("judges neither a diagnostic nor a row still pending", () => {
    expect(meets(ratioRow("s", "ms", measured, "base", ""))).toBeUndefined()
    expect(
      meets({
        scenario: "later",
        unit: "",
        goal: "",
        limit: { at_most: 1 },
        pending: "not yet",
      })
    ).toBeUndefined()
  })
})

describe("table", () => {
  it("lists the rows with a limit first, each with its figure, spread and verdict", () => {
    const diagnostic = ratioRow(
      "diag",
      "ms",
      { target: stats([2]), baseline: stats([4]) },
      "base",
      ""
    )
    const goal = ratioRow(
      "goal",
      "ms",
      { target: stats([150, 120, 130]), baseline: stats([100]) },
      "base",
      "≤ 1.25×",
      { at_most: 1.25 }
    )
    const lines = table([diagnostic, goal]).split("\n")
    expect(lines).toHaveLength(4)
    expect(lines[2]).toBe(
      "| goal | 1.30× | ≤ 1.25× | NOT MET | ms | 130 (120–150) | base | 100 (100–100) |  |"
    )
    expect(lines[3]).toBe(
      "| diag | 0.50× |  | (diagnostic) | ms | 2.00 (2.00–2.00) | base | 4.00 (4.00–4.00) |  |"
    )
  })
})
