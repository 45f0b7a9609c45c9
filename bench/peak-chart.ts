/**
 * The peak ramp as one SVG for docs/performance.md: checkouts per second
 * and checkout p99 against the shoppers at once, card provider beside
 * Medusa's system provider. Written as plain SVG text: recharts, which the
 * admin uses, draws only once mounted in a browser, not to static markup.
 */
import type { StepFigures } from "./peak-report"

const W = 400
const H = 240
const PAD = { left: 56, right: 16, top: 40, bottom: 40 }

/** A value per step; null where the step measured none (no checkout completed) */
type Series = {
  name: string
  colour: string
  dash?: string
  values: (number | null)[]
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** A round step for the value axis: 1, 2 or 5 times a power of ten. */
function tickStep(max: number): number {
  const rough = max / 4
  const power = 10 ** Math.floor(Math.log10(rough || 1))
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!
}

function panel(
  x0: number,
  title: string,
  shoppers: number[],
  series: Series[]
): string {
  const max = Math.max(
    1,
    ...series.flatMap((s) => s.values.filter((v) => v !== null))
  )
  const step = tickStep(max)
  const top = Math.ceil(max / step) * step
  const plotW = W - PAD.left - PAD.right
  const plotH = H - PAD.top - PAD.bottom
  const x = (i: number) =>
    x0 +
    PAD.left +
    (shoppers.length > 1 ? (i * plotW) / (shoppers.length - 1) : plotW / 2)
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH
  const parts: string[] = [
    `<text x="${x0 + PAD.left}" y="16" font-size="13">${escape(title)}</text>`,
  ]
  for (let v = 0; v <= top; v += step)
    parts.push(
      `<line x1="${x0 + PAD.left}" x2="${x0 + W - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`,
      `<text x="${x0 + PAD.left - 6}" y="${y(v) + 4}" font-size="11" text-anchor="end" fill="#6b7280">${v}</text>`
    )
  shoppers.forEach((n, i) =>
    parts.push(
      `<text x="${x(i)}" y="${H - PAD.bottom + 16}" font-size="11" text-anchor="middle" fill="#6b7280">${n}</text>`
    )
  )
  parts.push(
    `<text x="${x0 + PAD.left + plotW / 2}" y="${H - 6}" font-size="11" text-anchor="middle" fill="#6b7280">shoppers at once</text>`
  )
  series.forEach((s, k) => {
    const measured = s.values.flatMap((v, i) =>
      v === null ? [] : [{ cx: x(i), cy: y(v) }]
    )
    const points = measured.map((p) => `${p.cx},${p.cy}`).join(" ")
    parts.push(
      `<polyline points="${points}" fill="none" stroke="${s.colour}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ""}/>`,
      ...measured.map(
        (p) => `<circle cx="${p.cx}" cy="${p.cy}" r="3" fill="${s.colour}"/>`
      ),
      `<line x1="${x0 + PAD.left + k * 150}" x2="${x0 + PAD.left + k * 150 + 20}" y1="28" y2="28" stroke="${s.colour}" stroke-width="2"${s.dash ? ` stroke-dasharray="${s.dash}"` : ""}/>`,
      `<text x="${x0 + PAD.left + k * 150 + 26}" y="32" font-size="11">${escape(s.name)}</text>`
    )
  })
  return parts.join("\n")
}

export function peakChart(steps: StepFigures[], latencyMs: number): string {
  const shoppers = steps.map((s) => s.shoppers)
  const card = { name: "acquiring card", colour: "#2563eb" }
  const system = { name: "system provider", colour: "#6b7280", dash: "5 4" }
  const width = W * 2 + 16
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H + 24}" viewBox="0 0 ${width} ${H + 24}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    panel(0, "Checkouts completed per second", shoppers, [
      { ...card, values: steps.map((s) => s.card.per_second) },
      { ...system, values: steps.map((s) => s.system.per_second) },
    ]),
    panel(W + 16, "Checkout p99 (ms)", shoppers, [
      { ...card, values: steps.map((s) => s.card.checkout.p99) },
      { ...system, values: steps.map((s) => s.system.checkout.p99) },
    ]),
    `<text x="${PAD.left}" y="${H + 18}" font-size="11" fill="#6b7280">${escape(`Acquirer latency ${latencyMs} ms per call; two servers and a worker on Redis and PostgreSQL, on one machine.`)}</text>`,
    `</svg>`,
    "",
  ].join("\n")
}
