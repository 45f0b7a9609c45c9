import { Metadata } from "next"
import "styles/globals.css"

export const metadata: Metadata = {
  title: {
    default: "Acquiring example shop",
    template: "%s | Acquiring example shop",
  },
}

export default function RootLayout(props: { children: React.ReactNode }) {
  return (
    <html lang="en" data-mode="light">
      <body>
        <main className="relative">{props.children}</main>
      </body>
    </html>
  )
}
