import "./globals.css"
import "medusa-payment-acquiring-storefront/styles.css"
import type { Metadata } from "next"
import Link from "next/link"
import type { ReactNode } from "react"

export const metadata: Metadata = { title: "Acquiring example shop" }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="bg-white text-gray-900">
        <header className="border-b border-gray-200">
          <nav className="mx-auto flex max-w-3xl items-center justify-between p-4">
            <Link href="/" className="font-semibold">
              Acquiring example shop
            </Link>
          </nav>
        </header>
        <main className="mx-auto max-w-3xl p-4">{children}</main>
      </body>
    </html>
  )
}
