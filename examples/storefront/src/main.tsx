import { useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import { CancelPage } from "./cancel-page"
import { CheckoutPage } from "./checkout-page"
import { OrderPage } from "./order-page"
import { ProductPage } from "./product-page"
import { ReturnPage } from "./return-page"
import { loadStore, type Store } from "./store"

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
  const path = usePath()
  useEffect(() => {
    loadStore().then(setStore)
  }, [])
  if (!store) return <p>Loading…</p>
  if (path === "/checkout") return <CheckoutPage store={store} />
  if (path === "/checkout/return") return <ReturnPage store={store} />
  if (path === "/checkout/cancel") return <CancelPage />
  if (path.startsWith("/order/"))
    return <OrderPage store={store} orderId={path.slice("/order/".length)} />
  return <ProductPage store={store} />
}

createRoot(document.getElementById("root")!).render(
  <>
    <header>
      <a href="/">Acquiring example store</a>
    </header>
    <main>
      <App />
    </main>
  </>
)
