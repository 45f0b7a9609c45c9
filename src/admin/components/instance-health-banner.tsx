import { Alert, Text } from "@medusajs/ui"
import type { SettingsAnswer } from "../lib/settings-api"

/**
 * What another instance of the store cannot do (a worker missing its
 * settings key, a server refusing payments) and a worker not seen lately,
 * as the server words them: the operator's fix, and what waits meanwhile.
 */
export function InstanceHealthBanner({
  settings,
}: {
  settings: Pick<SettingsAnswer, "instance_faults" | "background">
}) {
  const faults = settings.instance_faults ?? []
  const warning = settings.background?.warning
  if (!faults.length && !warning) return null
  return (
    <Alert variant="warning" data-testid="instance-health">
      <Text size="small" weight="plus">
        Another instance of this store cannot do its part
      </Text>
      <ul className="mt-1 list-disc pl-4">
        {warning ? (
          <li>
            <Text size="small">{warning}</Text>
          </li>
        ) : null}
        {faults.map((fault) => (
          <li key={`${fault.role}|${fault.reason}`}>
            <Text size="small">{fault.reason}</Text>
          </li>
        ))}
      </ul>
    </Alert>
  )
}

/** Whether the banner has anything to say. */
export const hasInstanceHealthNews = (
  settings?: Pick<SettingsAnswer, "instance_faults" | "background">
): boolean =>
  !!settings &&
  (!!settings.instance_faults?.length || !!settings.background?.warning)
