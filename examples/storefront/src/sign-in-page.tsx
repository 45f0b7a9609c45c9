import { useState, type FormEvent } from "react"
import { createAccount, signIn, type Customer } from "./account"
import { cartId, go, type Store } from "./store"

/** E-mail and password: sign in, or create the account and sign in. Guests need neither. */
export function SignInPage(props: {
  store: Store
  customer: Customer | null
  onSignedIn: (customer: Customer) => void
}) {
  const [message, setMessage] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get("email") ?? "").trim()
    const password = String(form.get("password") ?? "")
    // Enter in a field submits with the first button, "Sign in"
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const create = (submitter as HTMLButtonElement | null)?.value === "create"
    setBusy(true)
    setMessage(undefined)
    try {
      const customer = await (create ? createAccount : signIn)(
        props.store,
        email,
        password
      )
      props.onSignedIn(customer)
      go(cartId.get() ? "/checkout" : "/")
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error))
      setBusy(false)
    }
  }

  if (props.customer)
    return (
      <section>
        <h1>Signed in</h1>
        <p>
          You are signed in as {props.customer.email}.{" "}
          <a href="/">Continue shopping</a>
        </p>
      </section>
    )
  return (
    <section>
      <h1>Sign in</h1>
      <p>
        Signed in, you can keep a card for your next order. You can also shop as
        a guest.
      </p>
      <form onSubmit={onSubmit}>
        <p>
          <label htmlFor="account-email">Email</label>
          <input
            id="account-email"
            name="email"
            type="email"
            autoComplete="email"
            required
          />
        </p>
        <p>
          <label htmlFor="account-password">Password</label>
          <input
            id="account-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </p>
        <button type="submit" name="intent" value="sign-in" disabled={busy}>
          Sign in
        </button>{" "}
        <button type="submit" name="intent" value="create" disabled={busy}>
          Create account
        </button>
        {message ? <p role="alert">{message}</p> : null}
      </form>
    </section>
  )
}
