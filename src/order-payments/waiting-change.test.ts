import { capturedForChange } from "./waiting-change"

const change = {
  id: "ordch_1",
  change_type: "edit",
  created_at: new Date("2026-11-28T14:00:00.000Z"),
}

describe("a capture made for an open order change", () => {
  it("is one made after the change was begun", () => {
    expect(capturedForChange(change, "2026-11-28T14:00:03.000Z")).toBe(true)
    expect(
      capturedForChange(change, new Date("2026-11-28T14:00:00.000Z"))
    ).toBe(true)
  })

  it("is not one made before it (the order's old story) nor a payment not captured", () => {
    expect(capturedForChange(change, "2026-11-28T13:59:59.000Z")).toBe(false)
    expect(capturedForChange(change, null)).toBe(false)
    expect(capturedForChange(change, undefined)).toBe(false)
  })
})
