import { addToCart } from "@lib/data/cart"
import { listProducts } from "@lib/data/products"
import { convertToLocale } from "@lib/util/money"
import { Button, Heading, Text } from "@medusajs/ui"
import { Metadata } from "next"

export const metadata: Metadata = {
  title: "Store",
}

export default async function Store(props: {
  params: Promise<{ countryCode: string }>
}) {
  const { countryCode } = await props.params
  const products = await listProducts(countryCode)
  return (
    <div className="flex flex-col gap-y-6">
      <Heading level="h1" className="text-3xl-regular">
        Products
      </Heading>
      <ul className="grid gap-4 md:grid-cols-2">
        {products.map((product) => {
          const variant = product.variants?.[0]
          const price = variant?.calculated_price
          return (
            <li
              key={product.id}
              className="flex flex-col gap-y-2 rounded-rounded border border-ui-border-base p-4"
            >
              <Heading level="h2">{product.title}</Heading>
              {price?.calculated_amount != null && price.currency_code ? (
                <Text className="text-ui-fg-subtle">
                  {convertToLocale({
                    amount: price.calculated_amount,
                    currency_code: price.currency_code,
                  })}
                </Text>
              ) : null}
              {variant ? (
                <form action={addToCart}>
                  <input type="hidden" name="variant_id" value={variant.id} />
                  <input
                    type="hidden"
                    name="country_code"
                    value={countryCode}
                  />
                  <Button type="submit">Add to cart</Button>
                </form>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
