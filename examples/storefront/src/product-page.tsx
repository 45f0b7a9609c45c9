import { useEffect, useState } from "react"
import type { Customer } from "./account"
import { cartId, go, money, type Store } from "./store"

/** The first product of the store, priced in the first region. */
export function ProductPage({
  store,
  customer,
}: {
  store: Store
  customer: Customer | null
}) {
  const [region, setRegion] = useState<any>()
  const [product, setProduct] = useState<any>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    ;(async () => {
      const { regions } = await store.sdk.store.region.list()
      const first = regions[0]
      const { products } = await store.sdk.store.product.list({
        region_id: first.id,
        fields: "*variants.calculated_price",
        limit: 1,
      })
      setRegion(first)
      setProduct(products[0])
    })()
  }, [store])

  if (!product || !region) return <p>Loading the product…</p>
  const variant = product.variants[0]
  const price = variant.calculated_price?.calculated_amount

  async function addToCart() {
    setBusy(true)
    const { cart } = await store.sdk.store.cart.create({
      region_id: region.id,
      // Without it Medusa uses the store's default channel, which the
      // publishable key (and so the payment routes) may not cover.
      ...(store.salesChannelId
        ? { sales_channel_id: store.salesChannelId }
        : {}),
      items: [{ variant_id: variant.id, quantity: 1 }],
      // Signed in, the SDK's token makes the cart the customer's; its e-mail
      // must be theirs for the plugin to keep or use their cards.
      ...(customer ? { email: customer.email } : {}),
    })
    cartId.set(cart.id)
    go("/checkout")
  }

  return (
    <section>
      <h1>{product.title}</h1>
      <p className="price">{money(price, region.currency_code)}</p>
      <button onClick={addToCart} disabled={busy}>
        Add to cart
      </button>
    </section>
  )
}
