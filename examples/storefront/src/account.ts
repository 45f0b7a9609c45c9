/**
 * The optional customer account: sign in or create one with e-mail and
 * password through Medusa's store auth routes. The SDK keeps the token
 * (sessionStorage, see store.ts) and sends it on every store request, the
 * kit's sdkTransport included, so the plugin knows whose saved cards to use.
 */
import { cartId, type Store } from "./store"

export type Customer = { id: string; email: string }

/** The customer whose token the SDK holds; null for a guest or a token no longer accepted. */
export async function currentCustomer(store: Store): Promise<Customer | null> {
  if (!(await store.sdk.client.getToken())) return null
  try {
    const { customer } = await store.sdk.store.customer.retrieve()
    return { id: customer.id, email: customer.email }
  } catch {
    await store.sdk.auth.logout()
    return null
  }
}

export async function signIn(
  store: Store,
  email: string,
  password: string
): Promise<Customer> {
  const answer = await store.sdk.auth.login("customer", "emailpass", {
    email,
    password,
  })
  if (typeof answer !== "string") {
    await store.sdk.auth.logout()
    throw new Error(
      "This account needs a sign-in step this store does not offer."
    )
  }
  const customer = await currentCustomer(store)
  if (!customer) throw new Error("The account could not be read.")
  // A cart started as a guest becomes the customer's (Medusa sets its
  // customer and e-mail); one that cannot is left behind.
  const id = cartId.get()
  if (id) await store.sdk.store.cart.transferCart(id).catch(cartId.clear)
  return customer
}

/** Registers the e-mail and password, creates the customer, then signs in. */
export async function createAccount(
  store: Store,
  email: string,
  password: string
): Promise<Customer> {
  // register() keeps the registration token for the next request only
  await store.sdk.auth.register("customer", "emailpass", { email, password })
  try {
    await store.sdk.store.customer.create({ email })
  } finally {
    await store.sdk.auth.logout()
  }
  return signIn(store, email, password)
}

/** Forgets the token and the cart, which is the customer's and no guest's. */
export async function signOut(store: Store): Promise<void> {
  await store.sdk.auth.logout()
  cartId.clear()
}
