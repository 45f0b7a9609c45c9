import { useEffect, useState, type FormEvent } from "react"
import type { Customer } from "./account"
import { cartId, go, money, type Store } from "./store"
import { PaymentStep } from "./payment-step"

/** Address, shipping and payment of the stored cart, one step after the other. */
export function CheckoutPage({
  store,
  customer,
}: {
  store: Store
  customer: Customer | null
}) {
  const [cart, setCart] = useState<any>()
  const [step, setStep] = useState<"address" | "shipping" | "payment">(
    "address"
  )

  useEffect(() => {
    const id = cartId.get()
    if (!id) return go("/")
    store.sdk.store.cart.retrieve(id).then(({ cart }) => {
      setCart(cart)
      if (cart.shipping_methods?.length) setStep("payment")
      else if (cart.shipping_address?.address_1) setStep("shipping")
    })
  }, [store])

  if (!cart) return <p>Loading your cart…</p>
  return (
    <section>
      <h1>Checkout</h1>
      <p>
        {cart.items
          .map((item: any) => `${item.quantity} × ${item.product_title}`)
          .join(", ")}
        {" · "}Total{" "}
        <strong data-testid="cart-total">
          {money(cart.total, cart.currency_code)}
        </strong>
      </p>
      {step === "address" ? (
        <AddressStep
          store={store}
          cart={cart}
          customer={customer}
          onDone={(c) => (setCart(c), setStep("shipping"))}
        />
      ) : step === "shipping" ? (
        <ShippingStep
          store={store}
          cart={cart}
          onDone={(c) => (setCart(c), setStep("payment"))}
        />
      ) : (
        <PaymentStep store={store} cart={cart} customer={customer} />
      )}
    </section>
  )
}

function AddressStep(props: {
  store: Store
  cart: any
  customer: Customer | null
  onDone: (cart: any) => void
}) {
  const country = props.cart.region?.countries?.[0]?.iso_2 ?? "us"
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? "")
    const address = {
      first_name: text("first_name"),
      last_name: text("last_name"),
      address_1: text("address_1"),
      city: text("city"),
      postal_code: text("postal_code"),
      country_code: country,
    }
    const { cart } = await props.store.sdk.store.cart.update(props.cart.id, {
      // a signed-in customer's cart keeps their own e-mail
      email: props.customer?.email ?? text("email"),
      shipping_address: address,
      billing_address: address,
    })
    props.onDone(cart)
  }
  const field = (name: string, label: string, type = "text") => (
    <p>
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} type={type} required />
    </p>
  )
  return (
    <form onSubmit={onSubmit}>
      <h2>Address</h2>
      {props.customer ? (
        <p>
          Signed in as <strong>{props.customer.email}</strong>
        </p>
      ) : (
        field("email", "Email", "email")
      )}
      {field("first_name", "First name")}
      {field("last_name", "Last name")}
      {field("address_1", "Street and number")}
      {field("city", "City")}
      {field("postal_code", "Postal code")}
      <p>Country: {country.toUpperCase()}</p>
      <button type="submit">Continue to shipping</button>
    </form>
  )
}

function ShippingStep(props: {
  store: Store
  cart: any
  onDone: (cart: any) => void
}) {
  const [options, setOptions] = useState<any[]>()
  const [chosen, setChosen] = useState<string>()
  useEffect(() => {
    props.store.sdk.store.fulfillment
      .listCartOptions({ cart_id: props.cart.id })
      .then(({ shipping_options }) => {
        setOptions(shipping_options)
        setChosen(shipping_options[0]?.id)
      })
  }, [props.store, props.cart.id])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!chosen) return
    const { cart } = await props.store.sdk.store.cart.addShippingMethod(
      props.cart.id,
      {
        option_id: chosen,
      }
    )
    props.onDone(cart)
  }
  if (!options) return <p>Loading shipping options…</p>
  return (
    <form onSubmit={onSubmit}>
      <h2>Shipping</h2>
      {options.map((option) => (
        <p key={option.id}>
          <label>
            <input
              type="radio"
              name="shipping"
              checked={chosen === option.id}
              onChange={() => setChosen(option.id)}
            />{" "}
            {option.name} ({money(option.amount, props.cart.currency_code)})
          </label>
        </p>
      ))}
      <button type="submit">Continue to payment</button>
    </form>
  )
}
