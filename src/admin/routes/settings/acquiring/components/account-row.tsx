import {
  Badge,
  Button,
  StatusBadge,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useRef, useState } from "react"
import { useDeleteAccount } from "../../../../hooks/settings/use-account-mutations"
import { useTestConnection } from "../../../../hooks/settings/use-test-connection"
import { returnFocus } from "../../../../lib/return-focus"
import type { Account, SettingsAnswer } from "../../../../lib/settings-api"
import { ConnectionVerdict } from "./connection-verdict"
import { deletePrompt } from "./settings-texts"
import { scopeSummary } from "./coverage-texts"
import { useStoreScopes } from "../../../../hooks/settings/use-store-scopes"

/** One account: what it is, Test connection with its verdict, Edit and Delete. */
export function AccountRow({
  account,
  settings,
  onEdit,
  onDeleted,
}: {
  account: Account
  /** the accounts and providers: what deleting this one leaves */
  settings: Pick<SettingsAnswer, "accounts" | "providers">
  onEdit: (opener: HTMLElement) => void
  /** focus goes elsewhere once the row is gone */
  onDeleted: () => void
}) {
  const test = useTestConnection()
  const scope = scopeSummary(account, useStoreScopes().data)
  const remove = useDeleteAccount()
  const prompt = usePrompt()
  const deleteButton = useRef<HTMLButtonElement>(null)

  const confirmDelete = async () => {
    const ok = await prompt({
      ...deletePrompt(account, settings),
      cancelText: "Cancel",
    })
    returnFocus(deleteButton.current)
    if (!ok) return
    remove.mutate(account.id, {
      onSuccess: () => {
        toast.success("Account deleted")
        onDeleted()
      },
      onError: (e) => toast.error(e.message),
    })
  }

  // the account as it was when tested: a save since (disabling it among
  // others) makes the verdict describe a state that is gone, so it goes
  const [testedVersion, setTestedVersion] = useState<string>()
  const verdictCurrent = testedVersion === account.updated_at
  // the button stays enabled while testing (a disabled one drops keyboard focus to <body>)
  const testConnection = () => {
    if (test.isPending) return
    setTestedVersion(account.updated_at)
    test.mutate(account.id)
  }
  const shown = test.isPending || (verdictCurrent && (test.data || test.error))

  return (
    <div className="flex flex-col px-6 py-4" data-testid="acquiring-account">
      <div className="flex items-start justify-between gap-x-4">
        <div className="flex flex-col gap-y-1">
          <div className="flex items-center gap-x-2">
            <Text size="small" weight="plus">
              {account.name}
            </Text>
            <Badge
              size="2xsmall"
              color={account.mode === "test" ? "orange" : "green"}
            >
              {account.mode === "test" ? "Test" : "Live"}
            </Badge>
            <StatusBadge color={account.enabled ? "green" : "grey"}>
              {account.enabled ? "Enabled" : "Disabled"}
            </StatusBadge>
          </div>
          {!account.enabled && (
            <Text size="small" className="text-ui-fg-subtle">
              Disabled: it serves no new payment. Its saved values below are
              kept and serve again once Enabled is turned on.
            </Text>
          )}
          <Text size="small" className="text-ui-fg-subtle">
            Merchant {account.merchant_id} · account {account.account_id} ·{" "}
            {account.base_url}
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            {account.currencies.length
              ? account.currencies.map((c) => c.toUpperCase()).join(", ")
              : "Every currency"}{" "}
            · sign key{" "}
            {account.sign_key_set
              ? `set${account.sign_key_updated_at ? `, changed ${new Date(account.sign_key_updated_at).toLocaleString()}` : ""}`
              : "not set"}
          </Text>
          {scope && (
            <Text size="small" className="text-ui-fg-subtle">
              {scope}
            </Text>
          )}
        </div>
        <div className="flex shrink-0 gap-x-2">
          <Button
            size="small"
            variant="secondary"
            aria-busy={test.isPending}
            onClick={testConnection}
          >
            Test connection
          </Button>
          <Button
            size="small"
            variant="secondary"
            onClick={(e) => onEdit(e.currentTarget)}
          >
            Edit
          </Button>
          <Button
            ref={deleteButton}
            size="small"
            variant="transparent"
            aria-busy={remove.isPending}
            onClick={() => !remove.isPending && confirmDelete()}
          >
            Delete
          </Button>
        </div>
      </div>
      {/* present before the first verdict, so screen readers announce it */}
      <div role="status" className={shown ? "pt-3" : ""}>
        {test.isPending && (
          <Text size="small" className="text-ui-fg-subtle">
            Testing the connection…
          </Text>
        )}
        {!test.isPending && verdictCurrent && test.data && (
          <ConnectionVerdict verdict={test.data} />
        )}
        {!test.isPending && verdictCurrent && test.error && (
          <Text
            size="small"
            className="text-ui-fg-error"
            data-testid="connection-error"
          >
            Test connection failed: {test.error.message}
          </Text>
        )}
      </div>
    </div>
  )
}
