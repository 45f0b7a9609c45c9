/**
 * Focus back on the control that opened a dialog, once the dialog has
 * closed. Medusa's prompts and drawers (Radix) move focus when they
 * unmount, on the next task, and without a trigger of their own they leave
 * it on <body>: this runs after them.
 */
export function returnFocus(control: HTMLElement | null | undefined): void {
  if (!control) return
  setTimeout(() => {
    if (control.isConnected) control.focus()
  }, 0)
}
