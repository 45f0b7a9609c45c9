/**
 * The admin's js-sdk client, with the dashboard's session cookie.
 *
 * The backend URL: VITE_BACKEND_URL as Medusa's guides name it, else the
 * dashboard's own `__BACKEND_URL__` (admin.backendUrl in the store's
 * medusa-config; the store's Vite build defines it, also in this file,
 * because a plugin's VITE_ variables are fixed when the plugin is built),
 * else the same origin.
 */
import Medusa from "@medusajs/js-sdk"

declare const __BACKEND_URL__: string | undefined

const dashboardBackendUrl =
  typeof __BACKEND_URL__ !== "undefined" ? __BACKEND_URL__ : undefined

export const sdk = new Medusa({
  baseUrl: import.meta.env.VITE_BACKEND_URL || dashboardBackendUrl || "/",
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})
