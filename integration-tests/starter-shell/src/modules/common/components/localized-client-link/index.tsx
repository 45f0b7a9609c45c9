"use client"

import Link from "next/link"
import { useParams } from "next/navigation"
import React from "react"

/** A link that keeps the shop's country code in front of `href`. */
const LocalizedClientLink = ({
  children,
  href,
  ...props
}: {
  children?: React.ReactNode
  href: string
  className?: string
  onClick?: () => void
  "data-testid"?: string
}) => {
  const { countryCode } = useParams<{ countryCode: string }>()
  return (
    <Link href={`/${countryCode}${href}`} {...props}>
      {children}
    </Link>
  )
}

export default LocalizedClientLink
