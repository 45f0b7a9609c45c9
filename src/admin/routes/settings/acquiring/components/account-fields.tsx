/** The account drawer's fields that are not plain text: mode, providers, sales channels and regions served, advanced overrides. */
import { Checkbox, Label, Select, Textarea } from "@medusajs/ui"
import { controlAria, FormField } from "../../../../components/form-field"
import type { Mode } from "../../../../lib/settings-api"
import type { StoreScopes } from "../../../../hooks/settings/use-store-scopes"

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

/** A list the account serves, one checkbox per choice; none ticked serves every one. */
export function TickedField({
  id,
  label,
  hint,
  choices,
  ticked,
  error,
  onChange,
}: {
  id: string
  label: string
  hint: string
  choices: { value: string; label: string }[]
  ticked: string[]
  error?: string
  onChange: (ticked: string[]) => void
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} group>
      {choices.map((choice) => (
        <div key={choice.value} className="flex items-center gap-x-2">
          <Checkbox
            id={`${id}-${choice.value}`}
            checked={ticked.includes(choice.value)}
            onCheckedChange={(checked) =>
              onChange(
                checked === true
                  ? [...ticked, choice.value]
                  : ticked.filter((value) => value !== choice.value)
              )
            }
          />
          <Label htmlFor={`${id}-${choice.value}`} size="small">
            {choice.label}
          </Label>
        </div>
      ))}
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
    <TickedField
      id="providers"
      label="Providers"
      hint="None ticked: the account serves every acquiring provider."
      choices={providerIds.map((id) => ({ value: id, label: id }))}
      ticked={ticked}
      error={error}
      onChange={onChange}
    />
  )
}

type ScopeField = "sales_channels" | "regions"

const SCOPE_FIELDS: {
  id: ScopeField
  label: string
  hint: string
  choices: (scopes: StoreScopes) => { value: string; label: string }[]
}[] = [
  {
    id: "sales_channels",
    label: "Sales channels",
    hint: "None ticked: every sales channel. An account naming a cart's sales channel serves it before one naming its region or currency.",
    choices: (scopes) =>
      scopes.sales_channels.map((c) => ({ value: c.id, label: c.name })),
  },
  {
    id: "regions",
    label: "Regions",
    hint: "None ticked: every region. An account naming a cart's region serves it before one naming only its currency.",
    choices: (scopes) =>
      scopes.regions.map((r) => ({
        value: r.id,
        label: `${r.name} (${r.currency_code.toUpperCase()})`,
      })),
  },
]

/** The store's sales channels and regions the account is limited to. */
export function ScopeFields({
  scopes,
  ticked,
  errors,
  onChange,
}: {
  scopes: StoreScopes | undefined
  ticked: Record<ScopeField, string[]>
  errors: Partial<Record<ScopeField, string>>
  onChange: (field: ScopeField, ticked: string[]) => void
}) {
  return SCOPE_FIELDS.map((field) => (
    <TickedField
      key={field.id}
      id={field.id}
      label={field.label}
      hint={field.hint}
      choices={scopes ? field.choices(scopes) : []}
      ticked={ticked[field.id]}
      error={errors[field.id]}
      onChange={(next) => onChange(field.id, next)}
    />
  ))
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
