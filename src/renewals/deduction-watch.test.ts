import { orderNosToAsk } from "./deduction-watch"

describe("orderNosToAsk", () => {
  const running = {
    session_id: "payses_1",
    order_no: "MEDx",
    recurring_id: "RC1",
  }

  it("asks after the first deduction of a subscription with none yet", () => {
    expect(
      orderNosToAsk({ ...running, last_number: null, last_status: null })
    ).toEqual(["MEDx-R1"])
  })

  it("asks after the next one once the last was paid", () => {
    expect(
      orderNosToAsk({ ...running, last_number: 3, last_status: "paid" })
    ).toEqual(["MEDx-R4"])
  })

  it("asks again after a declined one, whose retry may have been paid, and after the next", () => {
    expect(
      orderNosToAsk({ ...running, last_number: 2, last_status: "declined" })
    ).toEqual(["MEDx-R2", "MEDx-R3"])
  })
})
