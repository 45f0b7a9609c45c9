import { Alert, Text } from "@medusajs/ui"
import type { ConfigurationFault } from "../lib/settings-api"

/**
 * "Payments are being refused": each configuration fault with its fix, as
 * the server words it. Shoppers meanwhile get only a neutral sentence.
 */
export function ConfigurationFaultsBanner({
  faults,
}: {
  faults: ConfigurationFault[]
}) {
  if (!faults.length) return null
  return (
    <Alert variant="error" data-testid="configuration-faults">
      <Text size="small" weight="plus">
        Card payments are being refused until this is fixed
      </Text>
      <ul className="mt-1 list-disc pl-4">
        {faults.map((fault) => (
          <li key={fault.reason}>
            <Text size="small">{fault.reason}</Text>
          </li>
        ))}
      </ul>
      <Text size="small" className="mt-1">
        Shoppers see only “Card payments are unavailable right now”.
      </Text>
    </Alert>
  )
}
