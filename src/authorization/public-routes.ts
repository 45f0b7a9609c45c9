import { browserReturn } from "./browser-return-route"

/** GET and POST /acquiring/return/:token: the shopper back from the acquirer (browser-return-route.ts). */
export const returnRoute = browserReturn("return")

/** GET and POST /acquiring/cancel/:token: the shopper back from the acquirer, having cancelled. */
export const cancelRoute = browserReturn("cancel")
