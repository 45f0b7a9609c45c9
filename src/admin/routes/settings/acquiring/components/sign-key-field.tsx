/**
 * The sign key is write-only: the page shows whether one is set and when it
 * last changed; Replace opens an empty input. The key is never read back.
 */
import { Button, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { FormField } from "../../../../components/form-field"

export function SignKeyField({
  isSet,
  updatedAt,
  value,
  onChange,
  error,
  encryptionReady,
}: {
  isSet: boolean
  updatedAt: string | null
  value: string
  onChange: (value: string) => void
  error?: string
  encryptionReady: boolean
}) {
  const [replacing, setReplacing] = useState(!isSet)
  const hint = encryptionReady
    ? "Stored encrypted; never shown again."
    : "Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex) on the server to store sign keys."
  return (
    <FormField id="sign_key" label="Sign key" hint={hint} error={error}>
      {replacing ? (
        <Input
          id="sign_key"
          type="password"
          autoComplete="new-password"
          value={value}
          placeholder={isSet ? "New sign key" : "The account's signing key"}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <div className="flex items-center justify-between gap-x-2">
          <Text size="small" className="text-ui-fg-subtle">
            Set
            {updatedAt
              ? `, changed ${new Date(updatedAt).toLocaleString()}`
              : ""}
          </Text>
          <Button
            size="small"
            variant="secondary"
            type="button"
            onClick={() => setReplacing(true)}
          >
            Replace
          </Button>
        </div>
      )}
    </FormField>
  )
}
