import { Hint, Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/**
 * The ARIA of a FormField's control: invalid and described by the error
 * (`${id}-error`) while there is one, else by the hint; required when the
 * field is. Spread it on the input, textarea or Select.Trigger.
 */
export function controlAria(
  id: string,
  {
    error,
    hint,
    required,
  }: { error?: string; hint?: ReactNode; required?: boolean }
) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    "aria-required": required ? true : undefined,
  }
}

/**
 * A labelled form control with its hint and its error (the form's own or
 * the server's). The error is `${id}-error` and announced when it appears;
 * the caller links its control to it (see `controlAria`). `required` marks
 * the label; `group` labels a set of controls (checkboxes) instead of one.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  optional,
  required,
  group,
  children,
}: {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  optional?: boolean
  required?: boolean
  group?: boolean
  children: ReactNode
}) {
  const labelId = `${id}-label`
  return (
    <div
      className="flex flex-col gap-y-2"
      data-field={id}
      data-invalid={error ? "" : undefined}
    >
      <Label
        id={labelId}
        htmlFor={group ? undefined : id}
        size="small"
        weight="plus"
      >
        {label}
        {required && (
          <span aria-hidden="true" className="text-ui-fg-error">
            {" *"}
          </span>
        )}
        {optional && !required && (
          <Text as="span" size="small" className="text-ui-fg-muted">
            {" "}
            (optional)
          </Text>
        )}
      </Label>
      {group ? (
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={
            error ? `${id}-error` : hint ? `${id}-hint` : undefined
          }
          className="flex flex-col gap-y-2"
        >
          {children}
        </div>
      ) : (
        children
      )}
      {hint && !error && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && (
        <Hint
          variant="error"
          id={`${id}-error`}
          role="alert"
          data-testid={`error-${id}`}
        >
          {error}
        </Hint>
      )}
    </div>
  )
}
