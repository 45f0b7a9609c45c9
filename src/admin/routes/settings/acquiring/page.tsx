/**
 * Settings → Acquiring: the accounts the providers use (create, edit, test
 * the connection), which account serves each sales channel and region,
 * who serves each provider, the notify URLs to register,
 * every effective value with its source, and the audit list of changes.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Alert, Button, Container, Heading, Text } from "@medusajs/ui"
import { useRef, useState } from "react"
import { useAcquiringSettings } from "../../../hooks/settings/use-acquiring-settings"
import type { Account } from "../../../lib/settings-api"
import { AccountDrawer } from "./components/account-drawer"
import { ConfigurationFaultsBanner } from "../../../components/configuration-faults-banner"
import {
  hasInstanceHealthNews,
  InstanceHealthBanner,
} from "../../../components/instance-health-banner"
import { AccountRow } from "./components/account-row"
import { ChangesSection } from "./components/changes-section"
import { ProvidersSection } from "./components/providers-section"
import { CoverageSection } from "./components/coverage-section"
import { noAccountText } from "./components/settings-texts"

/** the account edited (none: a new one) and the control that opened the drawer */
type Editing = { account?: Account; opener: HTMLElement | null } | null

const AcquiringSettingsPage = () => {
  const { data, isLoading, error } = useAcquiringSettings()
  const [editing, setEditing] = useState<Editing>(null)
  const addButton = useRef<HTMLButtonElement>(null)

  if (isLoading)
    return (
      <Container>
        <Text size="small">Loading…</Text>
      </Container>
    )
  if (error || !data)
    return (
      <Container>
        <Alert variant="error">
          {error?.message ?? "The acquiring settings could not be loaded"}
        </Alert>
      </Container>
    )

  const signKeyFromConfig = data.providers.some(
    (p) => p.effective.sign_key?.source === "config"
  )
  return (
    <div className="flex flex-col gap-y-3" data-acquiring-root="">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">Acquiring</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Card payments through the acquiring service. Changes take effect
              within seconds, without a restart.
            </Text>
          </div>
          <Button
            ref={addButton}
            size="small"
            variant="secondary"
            onClick={(e) => setEditing({ opener: e.currentTarget })}
          >
            Add account
          </Button>
        </div>
        {data.faults.length > 0 && (
          <div className="px-6 py-4">
            <ConfigurationFaultsBanner faults={data.faults} />
          </div>
        )}
        {hasInstanceHealthNews(data) && (
          <div className="px-6 py-4">
            <InstanceHealthBanner settings={data} />
          </div>
        )}
        {!data.encryption_ready && (
          <div className="px-6 py-4">
            <Alert variant="warning">
              Sign keys cannot be saved here until ACQUIRING_SETTINGS_KEY (32
              bytes, base64 or hex) is set on the server.
            </Alert>
          </div>
        )}
        {data.accounts.length === 0 ? (
          <Text
            size="small"
            className="text-ui-fg-subtle px-6 py-4"
            data-testid="no-account"
          >
            {noAccountText(data.providers)}
          </Text>
        ) : (
          data.accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              settings={data}
              onEdit={(opener) => setEditing({ account, opener })}
              onDeleted={() => addButton.current?.focus()}
            />
          ))
        )}
      </Container>
      {data.accounts.length > 0 && <CoverageSection coverage={data.coverage} />}
      <ProvidersSection
        providers={data.providers}
        accounts={data.accounts}
        faults={data.faults}
      />
      <ChangesSection accounts={data.accounts} providers={data.providers} />
      {editing && (
        <AccountDrawer
          key={editing.account?.id ?? "new"}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          account={editing.account}
          accounts={data.accounts}
          returnFocusTo={editing.opener}
          encryptionReady={data.encryption_ready}
          signKeyFromConfig={signKeyFromConfig}
          providerIds={data.providers.map((p) => p.id)}
          providers={data.providers}
        />
      )}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "Acquiring",
  icon: CreditCard,
})

/** The dashboard's breadcrumb after "Settings" (it reads each route's handle.breadcrumb). */
export const handle = {
  breadcrumb: () => "Acquiring",
}

export default AcquiringSettingsPage
