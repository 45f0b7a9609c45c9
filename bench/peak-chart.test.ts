import { peakChart } from "./peak-chart"
import { stepFigures, type CheckoutTimes } from "./peak-report"

const ordered = (total: number): CheckoutTimes => ({
  calls: { cart: total },
  total,
  order_id: `order_${total}`,
})
const timedOut: CheckoutTimes = {
  calls: { cart: 60_000 },
  error: "cart: timed out after 60000 ms",
}

describe("the peak ramp's chart", () => {
  it("leaves out the point of a wave that completed nothing, and draws the others", () => {
    const steps = [
      stepFigures(
        10,
        { checkouts: [ordered(400)], wallMs: 1000 },
        { checkouts: [ordered(300)], wallMs: 1000 }
      ),
      stepFigures(
        200,
        { checkouts: [timedOut], wallMs: 60_000 },
        { checkouts: [ordered(900)], wallMs: 1000 }
      ),
    ]
    const svg = peakChart(JSON.parse(JSON.stringify(steps)), 150)
    expect(svg).not.toMatch(/NaN|null/)
    // per second: 2 points each; p99: the card's one measured step and the system's two
    expect(svg.match(/<circle /g)).toHaveLength(2 + 2 + 1 + 2)
    const polylines = [...svg.matchAll(/<polyline points="([^"]*)"/g)].map(
      (m) => m[1].split(" ").length
    )
    expect(polylines).toEqual([2, 2, 1, 2])
  })
})
