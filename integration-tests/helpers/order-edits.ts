/** Medusa's admin order-edit routes, as the order-change specs drive them. */
import type { Shop } from "./acquiring-suite"
import { expectStatus } from "../../dev/store-client/http-client"

/** Begins an edit, applies `change`, requests it; answers the confirm (not checked: a spec may expect a refusal). */
export async function editOrder(
  shop: Shop,
  orderId: string,
  change: () => Promise<void>
) {
  await requestEdit(shop, orderId, change)
  return shop.admin.post(`/admin/order-edits/${orderId}/confirm`, {})
}

/** Begins an edit, applies `change` and requests it, leaving the confirm to the caller. */
export async function requestEdit(
  shop: Shop,
  orderId: string,
  change: () => Promise<void>
): Promise<void> {
  expectStatus(
    await shop.admin.post("/admin/order-edits", { order_id: orderId }),
    200,
    "begin the order edit"
  )
  await change()
  expectStatus(
    await shop.admin.post(`/admin/order-edits/${orderId}/request`, {}),
    200,
    "request the edit"
  )
}

/** The edit's change: one more unit of the seeded variant (10.00). */
export function addOneItem(shop: Shop, orderId: string) {
  return async () => {
    expectStatus(
      await shop.admin.post(`/admin/order-edits/${orderId}/items`, {
        items: [{ variant_id: shop.seeded.variantId, quantity: 1 }],
      }),
      200,
      "add an item"
    )
  }
}

/** The edit's change: the order's first item down to `quantity`. */
export function setFirstItemQuantity(
  shop: Shop,
  orderId: string,
  quantity: number
) {
  return async () => {
    const [item] = (
      await shop.admin.get(`/admin/orders/${orderId}?fields=id,*items`)
    ).data.order.items
    expectStatus(
      await shop.admin.post(
        `/admin/order-edits/${orderId}/items/item/${item.id}`,
        { quantity }
      ),
      200,
      "change the item's quantity"
    )
  }
}
