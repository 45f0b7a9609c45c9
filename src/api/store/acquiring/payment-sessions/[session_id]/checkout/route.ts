import { serveCheckout } from "../../../../../acquiring-glue/checkout-route"

export const GET = serveCheckout
