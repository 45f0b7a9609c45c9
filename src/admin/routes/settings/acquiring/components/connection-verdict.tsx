import { CheckCircleSolid, XCircleSolid } from "@medusajs/icons"
import { Text } from "@medusajs/ui"
import type { ConnectionVerdict as Verdict } from "../../../../lib/settings-api"

/**
 * The Test connection outcome in the acquirer's words and what to do;
 * every outcome but "accepted" (a configuration fault among them) reads as
 * an error. Text in base or error colour: the interactive blue is too pale
 * on white (3.7:1), the icon carries the colour. The caller keeps it in a
 * live region, so a new verdict is announced.
 */
export function ConnectionVerdict({ verdict }: { verdict: Verdict }) {
  const ok = verdict.outcome === "accepted"
  const Icon = ok ? CheckCircleSolid : XCircleSolid
  return (
    <div
      className="flex items-start gap-x-2"
      data-testid="connection-verdict"
      data-outcome={verdict.outcome}
    >
      <Icon
        aria-hidden="true"
        className={
          ok ? "text-ui-tag-green-icon shrink-0" : "text-ui-fg-error shrink-0"
        }
      />
      <Text
        size="small"
        className={ok ? "text-ui-fg-base" : "text-ui-fg-error"}
      >
        {verdict.message}
      </Text>
    </div>
  )
}
