/**
 * A store's medusa-config.ts with both acquiring payment providers. Copy
 * the parts you need; every option is explained in docs/medusa.md.
 *
 * Provider ids with `id: "acquiring"`:
 *   pp_acquiring-card_acquiring     card entered on the store's page
 *   pp_acquiring-hosted_acquiring   the acquirer's hosted payment page
 * Notifications arrive at
 *   {backend_url}/hooks/payment/acquiring-card_acquiring
 *   {backend_url}/hooks/payment/acquiring-hosted_acquiring
 *
 * Configured from the admin (Settings → Acquiring) instead, the provider
 * entry stays with `options: {}`: both entries below are still needed, and
 * ACQUIRING_SETTINGS_KEY must be set on every instance (README, "In
 * production").
 */
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET!,
      cookieSecret: process.env.COOKIE_SECRET!,
    },
    // Medusa's production build marks the admin's session cookie Secure: a
    // browser keeps it over https only. For a trial of the build on your own
    // computer over plain http, ADMIN_COOKIE_INSECURE=true in its .env sends
    // it anyway; never set it where the admin is served over https.
    cookieOptions:
      process.env.ADMIN_COOKIE_INSECURE === "true"
        ? { secure: false }
        : undefined,
  },
  // registers the plugin's store/admin routes, subscriber, workflows and admin widget
  plugins: [{ resolve: "medusa-payment-acquiring", options: {} }],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            // one entry registers both providers (card and hosted); the plugin entry alone registers none,
            // so keep it, with `options: {}`, even when every option is set in the admin
            resolve: "medusa-payment-acquiring/providers/acquiring",
            id: "acquiring",
            options: {
              // credentials from the acquirer
              merchant_id: process.env.ACQUIRING_MERCHANT_ID,
              account_id: process.env.ACQUIRING_ACCOUNT_ID,
              sign_key: process.env.ACQUIRING_SIGN_KEY,
              // test host: https://test-<gateway host>; live: https://<gateway host>
              base_url: process.env.ACQUIRING_BASE_URL,
              // "live" refuses a plain-http gateway or backend URL
              mode: process.env.ACQUIRING_MODE === "test" ? "test" : "live",
              // the merchant site sent as `website`
              website: "https://shop.example.com",
              // public URL of this Medusa backend: notify_url and the browser return URLs are built from it
              backend_url: "https://api.shop.example.com",
              // the storefront page the shopper lands on after the hosted page or a 3-D Secure challenge
              // (?status=…&attempt=…; status=canceled when they gave up; storefront_cancel_url sends those elsewhere)
              storefront_return_url: "https://shop.example.com/checkout/return",
              // "always" asks for 3-D Secure on every payment (open3d=do3DS); "issuer" lets the acquirer decide
              three_d_secure: "always",
              // when the money is taken: "authorisation" (the acquirer account captures at once),
              // "fulfilment" or "shipment" (the plugin captures the whole amount then), or "manual"
              capture_on: "manual",
              // order_no = this prefix + 24 random hex digits, a new number for every attempt (never the
              // payment session id); letters, digits and _ only, at most 20 characters; default "MED"
              order_prefix: "SHOP",
              timeout_ms: 30_000,
              lookup_retries: 2,
              platform_source: "medusa",
              // Overrides for the wire contract's [ANALOG]/[DECISION] items, only when your acquirer differs:
              // recipes: { checkout: ["merchant_id", "account_id", "order_no", "currency", "amount", "return_url"] },
              // status_codes: { order_status: { "-3": "pending" }, payment_status: { "2300": "review" } },
              // limits: { batch: { capture: 20 }, fields: { items: 4000 } },
            },
          },
        ],
      },
    },
  ],
})
