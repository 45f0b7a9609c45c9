import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A label and a value on one line; nothing when there is no value. */
export function DetailRow({
  label,
  value,
}: {
  label: string
  value?: ReactNode
}) {
  if (value === undefined || value === null || value === "") return null
  return (
    <div className="flex justify-between gap-x-4">
      <Text size="small" className="text-ui-fg-subtle shrink-0">
        {label}
      </Text>
      <Text size="small" className="text-right">
        {value}
      </Text>
    </div>
  )
}
