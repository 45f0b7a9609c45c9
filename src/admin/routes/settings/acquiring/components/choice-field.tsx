import { Select } from "@medusajs/ui"
import { controlAria, FormField } from "../../../../components/form-field"

/**
 * A setting the account may leave to medusa-config: "inherit" first (saying
 * what it then is), then the choices in words.
 */
export function ChoiceField<V extends string>({
  id,
  label,
  hint,
  error,
  value,
  inheritLabel,
  choices,
  onChange,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  value: "inherit" | V
  inheritLabel: string
  choices: readonly (readonly [V, string])[]
  onChange: (value: "inherit" | V) => void
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Select value={value} onValueChange={(v) => onChange(v as "inherit" | V)}>
        <Select.Trigger id={id} {...controlAria(id, { error })}>
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          <Select.Item value="inherit">{inheritLabel}</Select.Item>
          {choices.map(([choice, words]) => (
            <Select.Item key={choice} value={choice}>
              {words}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </FormField>
  )
}
