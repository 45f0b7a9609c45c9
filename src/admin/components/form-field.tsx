import { Hint, Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled form control with its hint and its error (the form's own or the server's). */
export function FormField({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  optional?: boolean
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-y-2" data-field={id}>
      <Label htmlFor={id} size="small" weight="plus">
        {label}
        {optional && (
          <Text as="span" size="small" className="text-ui-fg-muted">
            {" "}
            (optional)
          </Text>
        )}
      </Label>
      {children}
      {hint && !error && <Hint>{hint}</Hint>}
      {error && (
        <Hint variant="error" data-testid={`error-${id}`}>
          {error}
        </Hint>
      )}
    </div>
  )
}
