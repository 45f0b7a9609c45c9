/**
 * Which merchant account pays a payout: the accounts of Settings →
 * Acquiring that are enabled and serve the payout's currency, or (the
 * default) whichever account serves the currency.
 */
import { Select } from "@medusajs/ui"
import { controlAria, FormField } from "../../../components/form-field"
import { useAcquiringSettings } from "../../../hooks/settings/use-acquiring-settings"

const BY_CURRENCY = "by-currency"

export function PayingAccountField({
  value,
  currency,
  error,
  onChange,
}: {
  value: string
  currency: string
  error?: string
  onChange: (value: string) => void
}) {
  const settings = useAcquiringSettings()
  const code = currency.trim().toLowerCase()
  const accounts = (settings.data?.accounts ?? []).filter(
    (account) =>
      account.enabled &&
      (!account.currencies.length || account.currencies.includes(code))
  )
  return (
    <FormField id="account_id" label="Paid from" error={error}>
      <Select
        value={value || BY_CURRENCY}
        onValueChange={(v) => onChange(v === BY_CURRENCY ? "" : v)}
      >
        <Select.Trigger
          id="account_id"
          name="account_id"
          {...controlAria("account_id", { error })}
        >
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          <Select.Item value={BY_CURRENCY}>
            The account serving the currency
          </Select.Item>
          {accounts.map((account) => (
            <Select.Item key={account.id} value={account.id}>
              {`${account.name} (merchant ${account.merchant_id})`}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </FormField>
  )
}
