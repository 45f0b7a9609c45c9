import {
  Badge,
  Button,
  StatusBadge,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useDeleteAccount } from "../../../../hooks/settings/use-account-mutations"
import { useTestConnection } from "../../../../hooks/settings/use-test-connection"
import type { Account } from "../../../../lib/settings-api"
import { ConnectionVerdict } from "./connection-verdict"

/** One account: what it is, Test connection with its verdict, Edit and Delete. */
export function AccountRow({
  account,
  onEdit,
}: {
  account: Account
  onEdit: () => void
}) {
  const test = useTestConnection()
  const remove = useDeleteAccount()
  const prompt = usePrompt()

  const confirmDelete = async () => {
    const ok = await prompt({
      title: `Delete ${account.name}?`,
      description:
        "Payments this account served fall back to the values in medusa-config.",
      confirmText: "Delete",
      cancelText: "Cancel",
    })
    if (!ok) return
    remove.mutate(account.id, {
      onSuccess: () => toast.success("Account deleted"),
      onError: (e) => toast.error(e.message),
    })
  }

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
        </div>
        <div className="flex shrink-0 gap-x-2">
          <Button
            size="small"
            variant="secondary"
            isLoading={test.isPending}
            onClick={() => test.mutate(account.id)}
          >
            Test connection
          </Button>
          <Button size="small" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="small"
            variant="transparent"
            isLoading={remove.isPending}
            onClick={confirmDelete}
          >
            Delete
          </Button>
        </div>
      </div>
      {/* present before the first verdict, so screen readers announce it */}
      <div role="status" className={test.data || test.error ? "pt-3" : ""}>
        {test.data && <ConnectionVerdict verdict={test.data} />}
        {test.error && (
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
