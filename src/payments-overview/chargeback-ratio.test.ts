import { chargebackRatio } from "./overview"

describe("chargebackRatio", () => {
  it.each([
    // opened, captured, threshold, ratio, at or over
    [1, 111, "0.9", "0.90", true],
    [1, 112, "0.9", "0.89", false],
    [9, 1000, "0.9", "0.90", true],
    [8, 1000, "0.9", "0.80", false],
    [0, 40, "0.9", "0.00", false],
    [3, 2, "0.9", "150.00", true],
    [1, 3, "33.33", "33.33", true],
    [2, 3, "66.67", "66.67", true],
  ])(
    "%i opened over %i captured against %s %%: %s %%",
    (opened, captured, threshold, ratio, over) => {
      expect(chargebackRatio(opened, captured, threshold)).toEqual({
        ratio_percent: ratio,
        at_or_over_threshold: over,
      })
    }
  )

  it("tells no ratio when nothing was captured", () => {
    expect(chargebackRatio(2, 0, "0.9")).toEqual({
      ratio_percent: null,
      at_or_over_threshold: false,
    })
  })
})
