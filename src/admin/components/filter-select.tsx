import { Select } from "@medusajs/ui"

/** A list filter's choice of one value; the trigger is named by `aria-label` or `aria-labelledby`. */
export function FilterSelect<T extends string>({
  value,
  options,
  onChange,
  className,
  ...name
}: {
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
  className?: string
} & ({ "aria-label": string } | { "aria-labelledby": string })) {
  return (
    <Select size="small" value={value} onValueChange={(v) => onChange(v as T)}>
      <Select.Trigger className={className} {...name}>
        <Select.Value />
      </Select.Trigger>
      <Select.Content>
        {options.map((option) => (
          <Select.Item key={option.value} value={option.value}>
            {option.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select>
  )
}
