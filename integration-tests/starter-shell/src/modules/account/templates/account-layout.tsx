import { HttpTypes } from "@medusajs/types"
import React from "react"
import AccountNav from "../components/account-nav"

const AccountLayout = ({
  customer,
  children,
}: {
  customer: HttpTypes.StoreCustomer | null
  children: React.ReactNode
}) => (
  <div className="flex-1" data-testid="account-page">
    <div className="grid grid-cols-1 gap-8 small:grid-cols-[240px_1fr]">
      <div>{customer && <AccountNav customer={customer} />}</div>
      <div className="flex-1">{children}</div>
    </div>
  </div>
)

export default AccountLayout
