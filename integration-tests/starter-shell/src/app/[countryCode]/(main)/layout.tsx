import LocalizedClientLink from "@modules/common/components/localized-client-link"

export default function MainLayout(props: { children: React.ReactNode }) {
  return (
    <>
      <header className="border-b border-ui-border-base">
        <nav className="content-container flex h-16 items-center">
          <LocalizedClientLink href="/" className="txt-compact-xlarge-plus">
            Acquiring example shop
          </LocalizedClientLink>
        </nav>
      </header>
      <div className="content-container py-12">{props.children}</div>
    </>
  )
}
