import { XMark } from "@medusajs/icons"
import { IconButton } from "@medusajs/ui"
import { forwardRef, type ComponentPropsWithoutRef } from "react"

/**
 * The ✕ of a drawer or modal header, with a name: Medusa UI's own header
 * close buttons have none. Used as the child of `Drawer.Close asChild` or
 * `FocusModal.Close asChild`, which hand it their props and ref.
 */
export const CloseButton = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<typeof IconButton>
>(function CloseButton(props, ref) {
  return (
    <IconButton
      ref={ref}
      size="small"
      type="button"
      variant="transparent"
      aria-label="Close"
      {...props}
    >
      <XMark />
    </IconButton>
  )
})
