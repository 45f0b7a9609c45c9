import { Link } from "react-router-dom"

/** A Medusa order as the admin lists it (`#12`), linked to its page. */
export function OrderLink({
  order,
}: {
  order: { id: string; display_id: number | null }
}) {
  return (
    // Medusa's interactive blue falls short of 4.5:1 on white: the base colour, underlined
    <Link
      to={`/orders/${order.id}`}
      className="text-ui-fg-base underline underline-offset-2 hover:no-underline"
    >
      {order.display_id === null ? order.id : `#${order.display_id}`}
    </Link>
  )
}
