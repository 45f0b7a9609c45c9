import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts"
import type { ChartDay } from "../../../lib/payments-overview"

/** A series of the daily chart: a count of ChartDay, its name and the admin's colour token for it. */
export interface DaySeries {
  key: keyof Omit<ChartDay, "day" | "recorded">
  name: string
  color: string
}

const AXIS = { fontSize: 11, fill: "var(--fg-subtle)" }

/** Stacked daily bars of the series, in Medusa's design tokens (they follow the admin's theme). */
export function DayChart({
  days,
  series,
}: {
  days: ChartDay[]
  series: DaySeries[]
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={days} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border-base)" vertical={false} />
        <XAxis
          dataKey="day"
          tick={AXIS}
          tickFormatter={(day: string) => day.slice(5)}
          stroke="var(--border-base)"
        />
        <YAxis
          allowDecimals={false}
          tick={AXIS}
          width={32}
          stroke="var(--border-base)"
        />
        <Tooltip
          cursor={{ fill: "var(--bg-base-hover)" }}
          contentStyle={{
            background: "var(--bg-base)",
            border: "1px solid var(--border-base)",
            fontSize: 12,
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stackId="day"
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
