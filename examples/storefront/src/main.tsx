import { useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import { currentCustomer, signOut, type Customer } from "./account"
import { CheckoutPage } from "./checkout-page"
import { OrderPage } from "./order-page"
import { ProductPage } from "./product-page"
import { ReturnPage } from "./return-page"
import { SignInPage } from "./sign-in-page"
import { go, loadStore, type Store } from "./store"

function usePath(): string {
  const [path, setPath] = useState(location.pathname)
  useEffect(() => {
    const onPop = () => setPath(location.pathname)
    addEventListener("popstate", onPop)
    return () => removeEventListener("popstate", onPop)
  }, [])
  return path
}

function App() {
  const [store, setStore] = useState<Store>()
  // undefined while the stored token (if any) is checked; null for a guest
  const [customer, setCustomer] = useState<Customer | null>()
  const path = usePath()
  useEffect(() => {
    ;(async () => {
      const loaded = await loadStore()
      setCustomer(await currentCustomer(loaded))
      setStore(loaded)
    })()
  }, [])

  async function onSignOut() {
    await signOut(store!)
    setCustomer(null)
    go("/")
  }

  return (
    <>
      <header>
        <a href="/">Acquiring example store</a>
        {store && customer ? (
          <span className="account">
            Signed in as {customer.email}{" "}
            <button type="button" onClick={onSignOut}>
              Sign out
            </button>
          </span>
        ) : store ? (
          <a className="account" href="/account">
            Sign in
          </a>
        ) : null}
      </header>
      <main>
        {store && customer !== undefined ? (
          pageAt(path, store, customer, setCustomer)
        ) : (
          <p>Loading…</p>
        )}
      </main>
    </>
  )
}

function pageAt(
  path: string,
  store: Store,
  customer: Customer | null,
  onSignedIn: (customer: Customer) => void
) {
  if (path === "/account")
    return (
      <SignInPage store={store} customer={customer} onSignedIn={onSignedIn} />
    )
  if (path === "/checkout")
    return <CheckoutPage store={store} customer={customer} />
  if (path === "/checkout/return") return <ReturnPage store={store} />
  if (path.startsWith("/order/"))
    return <OrderPage store={store} orderId={path.slice("/order/".length)} />
  return <ProductPage store={store} customer={customer} />
}

createRoot(document.getElementById("root")!).render(<App />)
