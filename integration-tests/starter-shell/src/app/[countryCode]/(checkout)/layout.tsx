import LocalizedClientLink from "@modules/common/components/localized-client-link"

export default function CheckoutLayout(props: { children: React.ReactNode }) {
  return (
    <div className="relative w-full bg-white">
      <header className="h-16 border-b border-ui-border-base">
        <nav className="content-container flex h-full items-center justify-between">
          <LocalizedClientLink
            href="/"
            className="txt-compact-plus text-ui-fg-subtle hover:text-ui-fg-base"
          >
            Back to the shop
          </LocalizedClientLink>
          <span className="txt-compact-xlarge-plus">
            Acquiring example shop
          </span>
        </nav>
      </header>
      <div className="relative" data-testid="checkout-container">
        {props.children}
      </div>
    </div>
  )
}
