import { deductionsToAsk } from "./deduction-watch"

describe("deductionsToAsk", () => {
  const running = {
    session_id: "payses_1",
    order_no: "MEDx",
    recurring_id: "RC1",
  }

  it("asks after the first deduction of a subscription with none yet", () => {
    expect(
      deductionsToAsk({ ...running, last_number: null, last_status: null })
    ).toEqual([1])
  })

  it("asks after the next one once the last was paid", () => {
    expect(
      deductionsToAsk({ ...running, last_number: 3, last_status: "paid" })
    ).toEqual([4])
  })

  it("asks again after a declined one, whose retry may have been paid, and after the next", () => {
    expect(
      deductionsToAsk({ ...running, last_number: 2, last_status: "declined" })
    ).toEqual([2, 3])
  })
})
