import { useEffect, useRef, useState } from "react"

// the first control of the first refused field, in the form's order
const INVALID_CONTROL = ["input", "textarea", "button"]
  .map(
    (tag) =>
      `[data-invalid] ${tag}:not([disabled]):not([aria-hidden="true"]):not([tabindex="-1"])`
  )
  .join(", ")

/**
 * Focus for a refused form: after the render that shows the errors (so each
 * is read with its field), the first refused field's control, else the
 * form's own error message. `refused()` is called on each refusal.
 */
export function useFocusFirstRefused<T extends HTMLElement>() {
  const bodyRef = useRef<T>(null)
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (!refusals) return
    const body = bodyRef.current
    const first =
      body?.querySelector<HTMLElement>(INVALID_CONTROL) ??
      body?.querySelector<HTMLElement>("[data-form-error]")
    first?.focus()
  }, [refusals])
  return { bodyRef, refused: () => setRefusals((n) => n + 1) }
}
