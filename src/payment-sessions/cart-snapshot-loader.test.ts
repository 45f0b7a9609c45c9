import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  loadCartSnapshot,
  refreshedCart,
  snapshotOf,
} from "./cart-snapshot-loader"

describe("snapshotOf", () => {
  it("keeps totals as exact decimal strings and names items by product and variant", () => {
    const snapshot = snapshotOf({
      id: "cart_1",
      email: "ada@example.com",
      currency_code: "usd",
      customer_id: null,
      total: 25.1,
      item_subtotal: { value: "20.0049999", precision: 20 },
      shipping_subtotal: 5,
      discount_subtotal: 0,
      tax_total: "0.0950001",
      items: [
        {
          id: "item_1",
          product_title: "Tote",
          variant_title: "Blue",
          variant_sku: "TOTE-B",
          product_id: "prod_1",
          unit_price: 10.00249995,
          quantity: 2,
        },
        null,
      ],
      shipping_address: {
        first_name: "Ada",
        country_code: "us",
        phone: null,
        metadata: { secret: "x" },
      },
      billing_address: null,
      promotions: [{ code: "SPRING" }],
    })
    expect(snapshot.currency_code).toBe("USD")
    expect(snapshot.totals).toEqual({
      total: "25.1",
      item_subtotal: "20.0049999",
      shipping_subtotal: "5",
      discount_subtotal: "0",
      tax_total: "0.0950001",
    })
    expect(snapshot.items).toEqual([
      {
        id: "item_1",
        name: "Tote (Blue)",
        code: "TOTE-B",
        product_id: "prod_1",
        category: null,
        unit_price: "10.00249995",
        quantity: 2,
        requires_shipping: null,
      },
    ])
    expect(snapshot.shipping_address).toEqual({
      first_name: "Ada",
      country_code: "us",
    })
    expect(snapshot.billing_address).toBeNull()
    expect(snapshot.promotion_codes).toEqual(["SPRING"])
  })

  it("keeps the cart's sales channel and region, which choose its account, and leaves out those it has not", () => {
    const cart = { id: "cart_1", currency_code: "eur", items: [] }
    expect(
      snapshotOf({ ...cart, sales_channel_id: "sc_web", region_id: "reg_eu" })
    ).toMatchObject({ sales_channel_id: "sc_web", region_id: "reg_eu" })
    const bare = snapshotOf({ ...cart, sales_channel_id: null })
    expect("sales_channel_id" in bare).toBe(false)
    expect("region_id" in bare).toBe(false)
  })
})

describe("refreshedCart", () => {
  const stored = snapshotOf({
    id: "cart_1",
    currency_code: "usd",
    updated_at: "2026-11-23T10:00:00.000Z",
    total: 15,
    items: [],
  })

  /** A scope whose query answers the cart as it is now, and whose order module the customer's orders, recording every call. */
  function scopeWith(
    cart: Record<string, unknown> | undefined,
    customerOrders: { id: string }[] = []
  ) {
    const calls: { entity: string; fields: string[] }[] = []
    const orderLists: unknown[][] = []
    const query = {
      graph: async (args: { entity: string; fields: string[] }) => {
        calls.push({ entity: args.entity, fields: args.fields })
        return { data: cart ? [cart] : [] }
      },
    }
    const orders = {
      listOrders: async (...args: unknown[]) => {
        orderLists.push(args)
        return customerOrders.slice(0, 1)
      },
    }
    const scope = {
      resolve: (key: string) => {
        if (key === ContainerRegistrationKeys.QUERY) return query
        if (key === Modules.ORDER) return orders
        throw new Error(`unexpected resolve of ${key}`)
      },
    }
    return { scope: scope as never, calls, orderLists }
  }

  it("reuses the stored snapshot when the cart has not changed: one light query, no rebuild", async () => {
    const { scope, calls } = scopeWith({
      id: "cart_1",
      updated_at: new Date("2026-11-23T10:00:00.000Z"),
    })
    expect(await refreshedCart(scope, stored)).toBeNull()
    expect(calls).toEqual([{ entity: "cart", fields: ["id", "updated_at"] }])
  })

  it("takes a new snapshot when the cart changed since", async () => {
    const { scope, calls } = scopeWith({
      id: "cart_1",
      currency_code: "usd",
      updated_at: "2026-11-23T10:05:00.000Z",
      total: 20,
      items: [],
    })
    const fresh = await refreshedCart(scope, stored)
    expect(fresh?.totals.total).toBe("20")
    expect(fresh?.updated_at).toBe("2026-11-23T10:05:00.000Z")
    expect(calls).toHaveLength(2)
    expect(calls[1].fields).toContain("items.unit_price")
  })

  it("with the cart's updated_at already read by the caller, queries nothing when it has not changed", async () => {
    const { scope, calls } = scopeWith(undefined)
    expect(
      await refreshedCart(scope, stored, new Date("2026-11-23T10:00:00.000Z"))
    ).toBeNull()
    expect(calls).toEqual([])
  })

  it("with a newer updated_at from the caller, rebuilds without reading it again", async () => {
    const { scope, calls } = scopeWith({
      id: "cart_1",
      currency_code: "usd",
      updated_at: "2026-11-23T10:05:00.000Z",
      total: 20,
      items: [],
    })
    const fresh = await refreshedCart(scope, stored, "2026-11-23T10:05:00.000Z")
    expect(fresh?.totals.total).toBe("20")
    expect(calls).toHaveLength(1)
    expect(calls[0].fields).toContain("items.unit_price")
  })

  it("a snapshot of a cart whose id the guard already read is one cart query", async () => {
    const { scope, calls } = scopeWith({
      id: "cart_1",
      currency_code: "usd",
      total: 20,
      items: [],
    })
    const snapshot = await loadCartSnapshot(scope, "pay_col_1", "cart_1")
    expect(snapshot?.totals.total).toBe("20")
    expect(calls.map((c) => c.entity)).toEqual(["cart"])
  })

  it("a customer's cart asks the order module for one placed order, without counting them", async () => {
    const cart = {
      id: "cart_1",
      currency_code: "usd",
      customer_id: "cus_1",
      total: 20,
      items: [],
    }
    const first = scopeWith(cart)
    expect(
      (await loadCartSnapshot(first.scope, "pay_col_1", "cart_1"))?.first_order
    ).toBe(true)
    expect(first.orderLists).toEqual([
      [
        { customer_id: "cus_1", is_draft_order: false },
        { select: ["id"], take: 1 },
      ],
    ])
    const repeat = scopeWith(cart, [{ id: "order_1" }, { id: "order_2" }])
    expect(
      (await loadCartSnapshot(repeat.scope, "pay_col_1", "cart_1"))?.first_order
    ).toBe(false)
    expect(repeat.calls.map((c) => c.entity)).toEqual(["cart"])
  })

  it("a collection known to have no cart is not queried at all", async () => {
    const { scope, calls } = scopeWith(undefined)
    expect(await loadCartSnapshot(scope, "pay_col_1", null)).toBeNull()
    expect(calls).toEqual([])
  })

  it("without a known cart id, reads it from the collection first", async () => {
    const { scope, calls } = scopeWith({ id: "cart_1", cart: { id: "cart_1" } })
    await loadCartSnapshot(scope, "pay_col_1")
    expect(calls.map((c) => c.entity)).toEqual(["payment_collection", "cart"])
  })

  it("queries nothing without a stored snapshot", async () => {
    const { scope, calls } = scopeWith(undefined)
    expect(await refreshedCart(scope, undefined)).toBeNull()
    expect(calls).toEqual([])
  })
})
