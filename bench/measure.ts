/**
 * Interleaved rounds and the one table. Each scenario measures its target
 * and its baseline in turns (A B A B …) so that whatever else the machine
 * does hits both alike; figures are medians with min–max over the rounds.
 */

export interface Stats {
  median: number
  min: number
  max: number
  samples: number[]
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  const median =
    sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples }
}

/** Runs target and baseline alternately, `rounds` times each, after one unrecorded warm-up pair. */
export async function interleave(
  rounds: number,
  target: () => Promise<number>,
  baseline: () => Promise<number>
): Promise<{ target: Stats; baseline: Stats }> {
  await target()
  await baseline()
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < rounds; i++) {
    // alternate which goes first, so neither always follows the other
    if (i % 2 === 0) {
      a.push(await target())
      b.push(await baseline())
    } else {
      b.push(await baseline())
      a.push(await target())
    }
  }
  return { target: stats(a), baseline: stats(b) }
}

export async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await run()
  return Number(process.hrtime.bigint() - start) / 1e6
}

/** The target for a row's figure. */
export interface Limit {
  at_most?: number
  at_least?: number
}

export interface Row {
  scenario: string
  unit: string
  target?: Stats
  baseline_name?: string
  baseline?: Stats
  /** target median / baseline median (or the figure itself when there is no baseline) */
  ratio?: number
  goal: string
  /** the figure the goal is about, when it is not the ratio (e.g. requests sent) */
  figure?: number
  /** the goal as numbers; a row without one is a diagnostic */
  limit?: Limit
  /** extra figures, e.g. requests sent */
  note?: string
  /** a slot the provider rewrite fills later */
  pending?: string
}

export function ratioRow(
  scenario: string,
  unit: string,
  measured: { target: Stats; baseline: Stats },
  baseline_name: string,
  goal: string,
  limit?: Limit,
  note?: string
): Row {
  return {
    scenario,
    unit,
    target: measured.target,
    baseline_name,
    baseline: measured.baseline,
    ratio: measured.target.median / measured.baseline.median,
    goal,
    limit,
    note,
  }
}

/** Whether the row's figure meets its limit; undefined for diagnostics and rows not measured. */
export function meets(row: Row): boolean | undefined {
  const value = row.figure ?? row.ratio
  if (!row.limit || row.pending || value === undefined) return undefined
  if (row.limit.at_most !== undefined && value > row.limit.at_most) return false
  if (row.limit.at_least !== undefined && value < row.limit.at_least)
    return false
  return true
}

function figure(value: number): string {
  if (value >= 100) return value.toFixed(0)
  if (value >= 10) return value.toFixed(1)
  return value.toFixed(2)
}

function spread(s: Stats | undefined): string {
  if (!s) return "—"
  return `${figure(s.median)} (${figure(s.min)}–${figure(s.max)})`
}

function shown(row: Row): string {
  if (row.figure !== undefined) return figure(row.figure)
  return row.ratio === undefined ? "—" : `${row.ratio.toFixed(2)}×`
}

function mark(row: Row): string {
  const met = meets(row)
  if (met === undefined) return row.limit ? "not measured" : "(diagnostic)"
  return met ? "met" : "NOT MET"
}

/** Rows with a limit first (the table), then diagnostics. */
export function table(rows: Row[]): string {
  const header = [
    "figure",
    "measured",
    "target",
    "met",
    "unit",
    "median (min–max)",
    "baseline",
    "baseline median (min–max)",
    "note",
  ]
  const ordered = [
    ...rows.filter((r) => r.limit),
    ...rows.filter((r) => !r.limit),
  ]
  const lines = ordered.map((r) =>
    r.pending
      ? [r.scenario, "—", r.goal, mark(r), "", "—", "", "—", r.pending]
      : [
          r.scenario,
          shown(r),
          r.goal,
          mark(r),
          r.unit,
          spread(r.target),
          r.baseline_name ?? "",
          spread(r.baseline),
          r.note ?? "",
        ]
  )
  return [header, header.map(() => "---"), ...lines]
    .map((cells) => `| ${cells.join(" | ")} |`)
    .join("\n")
}
