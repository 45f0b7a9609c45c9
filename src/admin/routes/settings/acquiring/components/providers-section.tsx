/**
 * Per provider: who serves its payments (or why they are refused), the
 * notify URL to register with the acquirer (with a copy button) and every
 * effective value with where it comes from.
 */
import { Badge, Container, Copy, Heading, Text } from "@medusajs/ui"
import type {
  Account,
  ConfigurationFault,
  ProviderSettings,
  ValueSource,
} from "../../../../lib/settings-api"
import { SOURCE_WORDS } from "./option-values"
import { PROVIDER_TITLES, servingText, valueRows } from "./settings-texts"

const SOURCE_COLOR: Record<ValueSource, "blue" | "purple" | "grey"> = {
  admin: "blue",
  config: "purple",
  default: "grey",
}

export function ProvidersSection({
  providers,
  accounts,
  faults,
}: {
  providers: ProviderSettings[]
  accounts: Account[]
  /** what refuses payments now: an account serving may be unusable */
  faults: ConfigurationFault[]
}) {
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Providers</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Register each notify URL with the acquirer. Each value in force and
          where it comes from: the account saved on this page, medusa-config, or
          the plugin&apos;s default.
        </Text>
      </div>
      {providers.map((provider) => {
        const serving = servingText(provider, accounts, faults)
        return (
          <div
            key={provider.id}
            className="flex flex-col gap-y-3 px-6 py-4"
            data-testid="acquiring-provider"
            data-serving={provider.serving}
          >
            <div className="flex items-center justify-between">
              <Text size="small" weight="plus">
                {PROVIDER_TITLES[provider.identifier] ?? provider.identifier}
              </Text>
              <Text size="small" className="text-ui-fg-subtle">
                {provider.id}
              </Text>
            </div>
            <Text
              size="small"
              className={
                serving.refused ? "text-ui-fg-error" : "text-ui-fg-base"
              }
              data-testid="provider-serving"
            >
              {serving.text}
            </Text>
            <div className="flex items-center gap-x-2">
              <Text size="small" className="text-ui-fg-subtle shrink-0">
                Notify URL
              </Text>
              {provider.notify_url ? (
                <>
                  <code className="txt-compact-small bg-ui-bg-subtle rounded px-2 py-1 break-all">
                    {provider.notify_url}
                  </code>
                  <Copy
                    content={provider.notify_url}
                    aria-label={`Copy the notify URL of ${provider.id}`}
                  />
                </>
              ) : (
                <Text size="small" className="text-ui-fg-muted">
                  set a backend URL to get it
                </Text>
              )}
            </div>
            <div className="grid grid-cols-[auto_1fr_auto] items-center gap-x-4 gap-y-1">
              {valueRows(provider.effective).map((row) => (
                <div key={row.option} className="contents">
                  <Text size="small" className="text-ui-fg-subtle">
                    {row.label}
                  </Text>
                  <Text
                    size="small"
                    className={
                      row.source ? "truncate" : "text-ui-fg-subtle truncate"
                    }
                  >
                    {row.text}
                  </Text>
                  {/* nothing in force: no source to name */}
                  {row.source ? (
                    <Badge size="2xsmall" color={SOURCE_COLOR[row.source]}>
                      {SOURCE_WORDS[row.source]}
                    </Badge>
                  ) : (
                    <span />
                  )}
                </div>
              ))}
            </div>
          </div>
        )
      })}
    </Container>
  )
}
