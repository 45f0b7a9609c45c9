import { Input } from "@medusajs/ui"
import type { ReactNode } from "react"
import { controlAria, FormField } from "../../../../components/form-field"

/**
 * One text input of the account form: its own hint, then what a blank
 * leaves in force ("Left blank: 30000 ms (default).") when something does.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  blank,
  placeholder,
  required,
  optional,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: ReactNode
  /** what a blank leaves in force, when something does */
  blank?: string
  placeholder?: string
  required?: boolean
  /** blank means something of its own (every currency, no overrides) */
  optional?: boolean
}) {
  const full =
    hint || blank ? (
      <>
        {hint}
        {hint && blank ? " " : null}
        {blank}
      </>
    ) : undefined
  return (
    <FormField
      id={id}
      label={label}
      hint={full}
      required={required}
      optional={optional || !!blank}
      error={error}
    >
      <Input
        id={id}
        name={id}
        value={value}
        placeholder={placeholder}
        {...controlAria(id, { error, hint: full, required })}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  )
}
