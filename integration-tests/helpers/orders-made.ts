import { Client } from "pg"

/** How many orders a cart and payments a session have led to: exactly once means 1 and 1. */
export async function ordersMade(
  databaseUrl: string,
  cartId: string,
  sessionId: string
): Promise<{ orders: number; payments: number }> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const orders = await client.query(
      `select count(*)::int as n from order_cart where cart_id = $1 and deleted_at is null`,
      [cartId]
    )
    const payments = await client.query(
      `select count(*)::int as n from payment where payment_session_id = $1 and deleted_at is null`,
      [sessionId]
    )
    return { orders: orders.rows[0].n, payments: payments.rows[0].n }
  } finally {
    await client.end()
  }
}
