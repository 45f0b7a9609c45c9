/*
 * Ready carts as copies of one the store API built. The store API builds a
 * cart with two workflows (the cart, then its shipping method: about 0.9 s of
 * CPU); a copy written straight through Medusa's cart module is the same rows
 * (items with their price and product snapshot, addresses, shipping method,
 * tax lines, customer) in about 0.1 s. The first cart of each kind a store
 * client asks for is still built through the store API, as a storefront
 * builds it, and is the one copied.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { SeededStore } from "../../dev/local-stack/seed-store"
import {
  expectStatus,
  type HttpClient,
} from "../../dev/store-client/http-client"
import {
  createReadyCart,
  SHOPPER_EMAIL,
} from "../../dev/store-client/storefront"
import type { ReadyCartOptions } from "./suite-types"

const RELATIONS = [
  "items",
  "items.tax_lines",
  "items.adjustments",
  "shipping_methods",
  "shipping_methods.tax_lines",
  "shipping_methods.adjustments",
  "shipping_address",
  "billing_address",
]

type Row = Record<string, any>

/** A cart's rows as the cart module holds them, exact amounts included. */
export type CartBlueprint = Row

/**
 * A row as a new one: without its identity, timestamps or owner's id, its
 * amounts from their exact `raw_` values (not the module's number view).
 */
function fresh(row: Row): Row {
  const copy: Row = {}
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith("raw_")) copy[key.slice(4)] = value
    else if (
      !(`raw_${key}` in row) &&
      key !== "id" &&
      !key.endsWith("_at") &&
      !["cart_id", "item_id", "shipping_method_id", "cart", "item"].includes(
        key
      )
    )
      copy[key] = value
  }
  return copy
}

/** The cart `cartId` as Medusa's cart module holds it, to be copied later. */
export async function cartBlueprint(
  container: MedusaContainer,
  cartId: string
): Promise<CartBlueprint> {
  const [cart] = await container
    .resolve(Modules.CART)
    .listCarts({ id: cartId }, { relations: RELATIONS })
  if (!cart) throw new Error(`no cart ${cartId} to copy`)
  return structuredClone(cart) as Row
}

/** A new cart with the blueprint's rows, as the store API shows it. */
export async function copyCart(
  container: MedusaContainer,
  store: HttpClient,
  blueprint: CartBlueprint
): Promise<any> {
  const carts = container.resolve(Modules.CART)
  const created = await carts.createCarts({
    region_id: blueprint.region_id,
    currency_code: blueprint.currency_code,
    sales_channel_id: blueprint.sales_channel_id,
    customer_id: blueprint.customer_id,
    email: blueprint.email,
    metadata: blueprint.metadata,
    shipping_address: fresh(blueprint.shipping_address),
    billing_address: fresh(blueprint.billing_address),
    items: blueprint.items.map((item: Row) => ({
      ...fresh(item),
      tax_lines: item.tax_lines.map(fresh),
      adjustments: item.adjustments.map(fresh),
    })),
  })
  await carts.addShippingMethods(
    blueprint.shipping_methods.map((method: Row) => ({
      ...fresh(method),
      cart_id: created.id,
      tax_lines: method.tax_lines.map(fresh),
      adjustments: method.adjustments.map(fresh),
    }))
  )
  return expectStatus(
    await store.get(`/store/carts/${created.id}`),
    200,
    "copied cart"
  ).cart
}

export type CartCopies = ReturnType<typeof cartCopies>

/** A ready cart's kind (currency, quantity, e-mail), its defaults filled in. */
export const kindOf = ({
  currency,
  quantity,
  email,
}: ReadyCartOptions = {}): string =>
  JSON.stringify([currency ?? "usd", quantity ?? 1, email ?? SHOPPER_EMAIL])

/**
 * The ready carts of one store client: the first of each kind (currency,
 * quantity, e-mail) through the store API, the next ones copies of it. Carts
 * asked for at once wait for that first one, so Medusa never creates the
 * same new guest customer twice at the same moment.
 */
export function cartCopies(
  container: () => MedusaContainer,
  store: HttpClient,
  seeded: SeededStore
) {
  const blueprints = new Map<string, Promise<CartBlueprint>>()
  return {
    /** Copies of the default cart (USD, one item, the shopper's e-mail) come from `blueprint`. */
    known(blueprint: CartBlueprint) {
      blueprints.set(kindOf(), Promise.resolve(blueprint))
    },
    async cart(options: ReadyCartOptions = {}): Promise<any> {
      const kind = kindOf(options)
      const known = blueprints.get(kind)
      if (known) return copyCart(container(), store, await known)
      const first = createReadyCart(store, seeded, options)
      const blueprint = first.then((cart) =>
        cartBlueprint(container(), cart.id)
      )
      // a failed first cart fails its own test; the copies waiting on it fail with it
      blueprint.catch(() => undefined)
      blueprints.set(kind, blueprint)
      // read before the test changes the cart
      await blueprint
      return first
    },
  }
}
