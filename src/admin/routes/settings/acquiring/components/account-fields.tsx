/** The account drawer's fields that are not plain text: mode, providers served, advanced overrides. */
import { Checkbox, Label, Select, Textarea } from "@medusajs/ui"
import { controlAria, FormField } from "../../../../components/form-field"
import type { Mode } from "../../../../lib/settings-api"

export function ModeField({
  value,
  hint,
  error,
  onChange,
}: {
  value: Mode
  hint: string
  error?: string
  onChange: (value: Mode) => void
}) {
  return (
    <FormField id="mode" label="Mode" hint={hint} error={error}>
      <Select value={value} onValueChange={(v) => onChange(v as Mode)}>
        <Select.Trigger id="mode" {...controlAria("mode", { error, hint })}>
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          <Select.Item value="test">Test</Select.Item>
          <Select.Item value="live">Live</Select.Item>
        </Select.Content>
      </Select>
    </FormField>
  )
}

export function ProvidersField({
  providerIds,
  ticked,
  error,
  onChange,
}: {
  providerIds: string[]
  ticked: string[]
  error?: string
  onChange: (ticked: string[]) => void
}) {
  return (
    <FormField
      id="providers"
      label="Providers"
      hint="None ticked: the account serves every acquiring provider."
      error={error}
      group
    >
      {providerIds.map((id) => (
        <div key={id} className="flex items-center gap-x-2">
          <Checkbox
            id={`provider-${id}`}
            checked={ticked.includes(id)}
            onCheckedChange={(checked) =>
              onChange(
                checked === true
                  ? [...ticked, id]
                  : ticked.filter((p) => p !== id)
              )
            }
          />
          <Label htmlFor={`provider-${id}`} size="small">
            {id}
          </Label>
        </div>
      ))}
    </FormField>
  )
}

export function AdvancedField({
  value,
  error,
  onChange,
}: {
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  return (
    <FormField
      id="advanced"
      label="Advanced overrides (JSON)"
      optional
      hint="recipes, status_codes, limits: as in the provider options."
      error={error}
    >
      <Textarea
        id="advanced"
        name="advanced"
        rows={4}
        value={value}
        {...controlAria("advanced", { error, hint: true })}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  )
}
