// @medusajs/ui as the guide uses it (the starter installs it; the docs spec does not)
declare module "@medusajs/ui" {
  import type { ComponentProps, FC } from "react"
  export const Button: FC<ComponentProps<"button"> & { variant?: string }>
  export const Heading: FC<
    ComponentProps<"h1"> & { level?: "h1" | "h2" | "h3" }
  >
  export const Text: FC<ComponentProps<"p">>
}
