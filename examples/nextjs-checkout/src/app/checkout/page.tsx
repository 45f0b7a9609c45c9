import { sdk } from "@lib/config"
import { acquiringRequest } from "@lib/data/acquiring"
import { retrieveCart, setAddresses, setShippingMethod } from "@lib/data/cart"
import { formatAmount } from "@lib/money"
import AcquiringPayment from "@modules/checkout/components/acquiring-payment"
import PaymentChoice from "@modules/checkout/components/payment-choice"
import { listPaymentMethods } from "medusa-payment-acquiring-storefront"
import { redirect } from "next/navigation"

export const dynamic = "force-dynamic"

const STEPS = ["address", "delivery", "payment", "review"] as const
type Step = (typeof STEPS)[number]

const input = "rounded border border-gray-400 px-3 py-2"

/** The starter's checkout: address, delivery, payment, review, one step at a time. */
export default async function Checkout({
  searchParams,
}: {
  searchParams: Promise<{ step?: string }>
}) {
  const cart = await retrieveCart()
  if (!cart) redirect("/")
  const asked = (await searchParams).step as Step | undefined
  const step: Step = asked && STEPS.includes(asked) ? asked : "address"
  const currency = cart.currency_code

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Checkout</h1>
      <p data-testid="cart-total">
        Total: {formatAmount(cart.total, currency)}
      </p>

      {step === "address" ? (
        <form action={setAddresses} className="flex flex-col gap-3">
          <h2 className="text-xl font-medium">Shipping address</h2>
          {[
            ["email", "Email", cart.email],
            ["first_name", "First name", cart.shipping_address?.first_name],
            ["last_name", "Last name", cart.shipping_address?.last_name],
            ["address_1", "Address", cart.shipping_address?.address_1],
            ["city", "City", cart.shipping_address?.city],
            ["postal_code", "Postal code", cart.shipping_address?.postal_code],
          ].map(([name, label, value]) => (
            <label key={name} className="flex flex-col gap-1">
              {label}
              <input
                name={name ?? ""}
                defaultValue={value ?? ""}
                required
                className={input}
                autoComplete={name === "email" ? "email" : undefined}
              />
            </label>
          ))}
          <label className="flex flex-col gap-1">
            Country
            <select name="country_code" className={input}>
              {(cart.region?.countries ?? []).map((c) => (
                <option key={c.iso_2} value={c.iso_2}>
                  {c.display_name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded bg-gray-900 px-4 py-2 text-white"
          >
            Continue to delivery
          </button>
        </form>
      ) : null}

      {step === "delivery" ? (
        <DeliveryStep cartId={cart.id} currency={currency} />
      ) : null}

      {step === "payment" ? <PaymentStep cartId={cart.id} /> : null}

      {step === "review" ? (
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-medium">Review</h2>
          <p>
            {cart.email}, {cart.shipping_address?.address_1},{" "}
            {cart.shipping_address?.city}
          </p>
          <AcquiringPayment cart={cart} />
        </section>
      ) : null}
    </div>
  )
}

async function DeliveryStep({
  cartId,
  currency,
}: {
  cartId: string
  currency: string
}) {
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions(
    { cart_id: cartId },
    { cache: "no-store" }
  )
  return (
    <form action={setShippingMethod} className="flex flex-col gap-3">
      <h2 className="text-xl font-medium">Delivery</h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Shipping method</legend>
        {shipping_options.map((option, i) => (
          <label key={option.id} className="flex items-center gap-2">
            <input
              type="radio"
              name="option_id"
              value={option.id}
              defaultChecked={i === 0}
            />
            {option.name} ({formatAmount(option.amount, currency)})
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="rounded bg-gray-900 px-4 py-2 text-white"
      >
        Continue to payment
      </button>
    </form>
  )
}

/** The methods the acquirer offers for this cart (its amount decides some, e.g. a bank transfer), in its order. */
async function PaymentStep({ cartId }: { cartId: string }) {
  const methods = await listPaymentMethods(acquiringRequest, cartId).then(
    (found) => found.payment_methods,
    () => null
  )
  if (!methods)
    return (
      <p role="alert" className="text-red-700">
        The payment methods could not be loaded. Please reload the page.
      </p>
    )
  return <PaymentChoice methods={methods} />
}
