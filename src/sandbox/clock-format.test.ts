import { compactTimestamp, isoWithOffset, localDateTime } from "./clock-format"

it("writes the wire date formats in UTC", () => {
  const date = new Date("2026-03-04T05:06:07.890Z")
  expect(compactTimestamp(date)).toBe("20260304050607")
  expect(localDateTime(date)).toBe("2026-03-04 05:06:07")
  expect(isoWithOffset(date)).toBe("2026-03-04T05:06:07+0000")
})
