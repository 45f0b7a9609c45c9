"use client"

import { signout } from "@lib/data/customer"
import { HttpTypes } from "@medusajs/types"
import { clx } from "@medusajs/ui"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import ChevronDown from "@modules/common/icons/chevron-down"
import Package from "@modules/common/icons/package"
import { useParams, usePathname } from "next/navigation"

/**
 * The account's links in the starter's two forms: a list on a phone's
 * account page, a side bar from the `small` breakpoint on.
 */
const AccountNav = ({
  customer,
}: {
  customer: HttpTypes.StoreCustomer | null
}) => {
  const route = usePathname()
  const { countryCode } = useParams() as { countryCode: string }

  return (
    <div>
      <div className="small:hidden" data-testid="mobile-account-nav">
        {route !== `/${countryCode}/account` ? (
          <LocalizedClientLink
            href="/account"
            className="flex items-center gap-x-2 py-2"
            data-testid="account-main-link"
          >
            <>
              <ChevronDown className="transform rotate-90" />
              <span>Account</span>
            </>
          </LocalizedClientLink>
        ) : (
          <>
            <div className="mb-4 text-xl-semi">
              Hello {customer?.first_name}
            </div>
            <ul>
              <li>
                <LocalizedClientLink
                  href="/account/orders"
                  className="flex items-center justify-between py-4 border-b border-gray-200 px-8"
                  data-testid="orders-link"
                >
                  <div className="flex items-center gap-x-2">
                    <Package size={20} />
                    <span>Orders</span>
                  </div>
                  <ChevronDown className="transform -rotate-90" />
                </LocalizedClientLink>
              </li>
              <li>
                <button
                  type="button"
                  className="flex w-full items-center justify-between py-4 border-b border-gray-200 px-8"
                  onClick={() => signout(countryCode)}
                  data-testid="logout-button"
                >
                  Log out
                </button>
              </li>
            </ul>
          </>
        )}
      </div>
      <nav
        className="hidden small:block"
        aria-label="Account"
        data-testid="account-nav"
      >
        <h2 className="pb-4 text-base-semi">Account</h2>
        <ul className="flex flex-col items-start gap-y-4">
          <li>
            <AccountNavLink
              href="/account"
              route={route!}
              data-testid="overview-link"
            >
              Overview
            </AccountNavLink>
          </li>
          <li>
            <AccountNavLink
              href="/account/orders"
              route={route!}
              data-testid="orders-link"
            >
              Orders
            </AccountNavLink>
          </li>
          <li>
            <button
              type="button"
              onClick={() => signout(countryCode)}
              data-testid="logout-button"
            >
              Log out
            </button>
          </li>
        </ul>
      </nav>
    </div>
  )
}

const AccountNavLink = ({
  href,
  route,
  children,
  "data-testid": dataTestId,
}: {
  href: string
  route: string
  children: React.ReactNode
  "data-testid"?: string
}) => {
  const { countryCode } = useParams() as { countryCode: string }
  const active = route.split(countryCode)[1] === href
  return (
    <LocalizedClientLink
      href={href}
      className={clx("text-ui-fg-subtle hover:text-ui-fg-base", {
        "text-ui-fg-base font-semibold": active,
      })}
      data-testid={dataTestId}
    >
      {children}
    </LocalizedClientLink>
  )
}

export default AccountNav
