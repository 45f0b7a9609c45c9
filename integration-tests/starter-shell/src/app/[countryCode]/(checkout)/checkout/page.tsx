import { retrieveCart } from "@lib/data/cart"
import { retrieveCustomer } from "@lib/data/customer"
import CheckoutForm from "@modules/checkout/templates/checkout-form"
import CheckoutSummary from "@modules/checkout/templates/checkout-summary"
import { Metadata } from "next"
import { notFound } from "next/navigation"

export const metadata: Metadata = {
  title: "Checkout",
}

export default async function Checkout() {
  const cart = await retrieveCart()
  if (!cart) return notFound()
  const customer = await retrieveCustomer()
  return (
    <div className="content-container grid grid-cols-1 gap-x-20 py-12 md:grid-cols-[1fr_320px]">
      <h1 className="sr-only">Checkout</h1>
      <CheckoutForm cart={cart} customer={customer} />
      <CheckoutSummary cart={cart} />
    </div>
  )
}
