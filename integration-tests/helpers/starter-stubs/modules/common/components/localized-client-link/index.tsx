import type { JSX, ReactNode } from "react"

declare const LocalizedClientLink: (props: {
  children?: ReactNode
  href: string
  className?: string
  [x: string]: unknown
}) => JSX.Element
export default LocalizedClientLink
