import { Drawer, Heading, Kbd } from "@medusajs/ui"
import { CloseButton } from "../../../../components/close-button"

/** Medusa's Drawer.Header, with a close button that has a name (Medusa's has none). */
export function DrawerHeading({
  title,
  description,
}: {
  title: string
  description: string
}) {
  return (
    <div className="border-ui-border-base flex items-start justify-between gap-x-4 border-b px-6 py-4">
      <div className="flex flex-col gap-y-1">
        <Drawer.Title asChild>
          <Heading level="h2">{title}</Heading>
        </Drawer.Title>
        <Drawer.Description>{description}</Drawer.Description>
      </div>
      <div className="flex items-center gap-x-2">
        <Kbd>esc</Kbd>
        <Drawer.Close asChild>
          <CloseButton />
        </Drawer.Close>
      </div>
    </div>
  )
}
