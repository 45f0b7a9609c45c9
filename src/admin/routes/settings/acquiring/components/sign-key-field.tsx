/**
 * The sign key is write-only: the page shows whether one is set and when it
 * last changed; Replace opens an empty input. The key is never read back.
 */
import { Button, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { controlAria, FormField } from "../../../../components/form-field"

export function SignKeyField({
  isSet,
  updatedAt,
  value,
  onChange,
  error,
  encryptionReady,
  required,
  leftBlank,
}: {
  isSet: boolean
  updatedAt: string | null
  value: string
  onChange: (value: string) => void
  error?: string
  encryptionReady: boolean
  /** no key on the account and none in medusa-config */
  required: boolean
  /** what a blank key leaves in force, when medusa-config has one */
  leftBlank?: string
}) {
  const [replacing, setReplacing] = useState(!isSet)
  const stored = encryptionReady
    ? "Stored encrypted; never shown again."
    : "Set ACQUIRING_SETTINGS_KEY (32 bytes, base64 or hex) on the server to store sign keys."
  const hint = leftBlank ? `${stored} ${leftBlank}` : stored
  return (
    <FormField
      id="sign_key"
      label="Sign key"
      hint={hint}
      error={error}
      required={required}
      optional={!!leftBlank}
      // until Replace, no input: the label names the status and the button
      group={!replacing}
    >
      {replacing ? (
        <Input
          id="sign_key"
          name="sign_key"
          {...controlAria("sign_key", { error, hint, required })}
          // shown after Replace: the key goes where the button was
          autoFocus={isSet}
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
