import {
  budget,
  loadFactorOf,
  slownessOf,
  SLOWNESS_VARIABLE,
} from "../setup/time-budget"

describe("time budgets", () => {
  it("scale with how much longer the timed migration took than its 10 s reference", () => {
    expect(slownessOf(10)).toBe(1)
    expect(slownessOf(25)).toBe(2.5)
    // a quicker machine keeps the reference budgets
    expect(slownessOf(4)).toBe(1)
  })

  it("scale with a load average above two a core, the reference machine's under the whole suite", () => {
    expect(loadFactorOf(4, 2)).toBe(1)
    expect(loadFactorOf(11, 2)).toBe(2.75)
    expect(loadFactorOf(12, 4)).toBe(1.5)
    expect(loadFactorOf(0.3, 2)).toBe(1)
  })

  it("take the measured slowness where the machine is no busier than the reference's", () => {
    const before = process.env[SLOWNESS_VARIABLE]
    process.env[SLOWNESS_VARIABLE] = "40"
    try {
      // no load average this test runs under reaches 40 × 2 a core
      expect(budget(1_000)).toBe(40_000)
    } finally {
      if (before === undefined) delete process.env[SLOWNESS_VARIABLE]
      else process.env[SLOWNESS_VARIABLE] = before
    }
  })
})
