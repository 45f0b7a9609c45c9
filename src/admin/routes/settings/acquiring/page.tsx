/**
 * Settings → Acquiring: the accounts the providers use (create, edit, test
 * the connection), the notify URLs to register, every effective value with
 * its source, and the audit list of changes.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Alert, Button, Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { useAcquiringSettings } from "../../../hooks/settings/use-acquiring-settings"
import type { Account } from "../../../lib/settings-api"
import { AccountDrawer } from "./components/account-drawer"
import { ConfigurationFaultsBanner } from "../../../components/configuration-faults-banner"
import { AccountRow } from "./components/account-row"
import { ChangesSection } from "./components/changes-section"
import { ProvidersSection } from "./components/providers-section"

type Editing = { account?: Account } | null

const AcquiringSettingsPage = () => {
  const { data, isLoading, error } = useAcquiringSettings()
  const [editing, setEditing] = useState<Editing>(null)

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
            size="small"
            variant="secondary"
            onClick={() => setEditing({})}
          >
            Add account
          </Button>
        </div>
        {data.faults.length > 0 && (
          <div className="px-6 py-4">
            <ConfigurationFaultsBanner faults={data.faults} />
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
          <Text size="small" className="text-ui-fg-subtle px-6 py-4">
            No account yet: the providers use the values in medusa-config.
          </Text>
        ) : (
          data.accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              onEdit={() => setEditing({ account })}
            />
          ))
        )}
      </Container>
      <ProvidersSection providers={data.providers} />
      <ChangesSection accounts={data.accounts} />
      {editing && (
        <AccountDrawer
          key={editing.account?.id ?? "new"}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          account={editing.account}
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

export default AcquiringSettingsPage
