import { sdk } from "@lib/config"
import { addToCart } from "@lib/data/cart"
import { shopRegion } from "@lib/data/regions"
import { formatAmount } from "@lib/money"

export const dynamic = "force-dynamic"

export default async function Store() {
  const region = await shopRegion()
  const { products } = await sdk.store.product.list(
    { region_id: region.id, fields: "*variants.calculated_price", limit: 12 },
    { cache: "no-store" }
  )
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Products</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        {products.map((product) => {
          const variant = product.variants?.[0]
          const price = variant?.calculated_price
          return (
            <li key={product.id} className="rounded border border-gray-200 p-4">
              <h2 className="font-medium">{product.title}</h2>
              {price?.calculated_amount != null && price.currency_code ? (
                <p className="text-gray-600">
                  {formatAmount(price.calculated_amount, price.currency_code)}
                </p>
              ) : null}
              {variant ? (
                <form action={addToCart} className="mt-2">
                  <input type="hidden" name="variant_id" value={variant.id} />
                  <button
                    type="submit"
                    className="rounded bg-gray-900 px-4 py-2 text-white"
                  >
                    Add to cart
                  </button>
                </form>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
