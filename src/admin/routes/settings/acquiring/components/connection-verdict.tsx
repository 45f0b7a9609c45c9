import { Text } from "@medusajs/ui"
import type { ConnectionVerdict as Verdict } from "../../../../lib/settings-api"

/** The Test connection outcome in the acquirer's words and what to do. */
export function ConnectionVerdict({ verdict }: { verdict: Verdict }) {
  const ok = verdict.outcome === "accepted"
  return (
    <Text
      size="small"
      data-testid="connection-verdict"
      data-outcome={verdict.outcome}
      className={ok ? "text-ui-fg-interactive" : "text-ui-fg-error"}
    >
      {verdict.message}
    </Text>
  )
}
