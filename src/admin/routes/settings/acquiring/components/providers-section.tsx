/**
 * Per provider: the notify URL to register with the acquirer (with a copy
 * button) and every effective value with where it comes from.
 */
import { Badge, Container, Copy, Heading, Text } from "@medusajs/ui"
import type {
  ProviderSettings,
  ValueSource,
} from "../../../../lib/settings-api"
import { isUnset, optionValueText, SOURCE_WORDS } from "./option-values"

const SOURCE_COLOR: Record<ValueSource, "blue" | "purple" | "grey"> = {
  admin: "blue",
  config: "purple",
  default: "grey",
}

const TITLES: Record<ProviderSettings["identifier"], string> = {
  "acquiring-card": "Card on the store's page",
  "acquiring-hosted": "Hosted payment page",
}

export function ProvidersSection({
  providers,
}: {
  providers: ProviderSettings[]
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
      {providers.map((provider) => (
        <div key={provider.id} className="flex flex-col gap-y-3 px-6 py-4">
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              {TITLES[provider.identifier] ?? provider.identifier}
            </Text>
            <Text size="small" className="text-ui-fg-subtle">
              {provider.id}
            </Text>
          </div>
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
            {Object.entries(provider.effective).map(
              ([field, { value, source }]) => (
                <div key={field} className="contents">
                  <Text size="small" className="text-ui-fg-subtle">
                    {field}
                  </Text>
                  {isUnset(field, value) ? (
                    <>
                      {/* no source to name: neither the account, medusa-config nor a default sets it */}
                      <Text size="small" className="text-ui-fg-subtle">
                        not set
                      </Text>
                      <span />
                    </>
                  ) : (
                    <>
                      <Text size="small" className="truncate">
                        {optionValueText(field, value)}
                      </Text>
                      <Badge size="2xsmall" color={SOURCE_COLOR[source]}>
                        {SOURCE_WORDS[source]}
                      </Badge>
                    </>
                  )}
                </div>
              )
            )}
          </div>
        </div>
      ))}
    </Container>
  )
}
