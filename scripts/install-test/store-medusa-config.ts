// The store's medusa-config.ts in the install check: the README's quick start
// as a merchant copies it, the admin on as in Medusa's starter (the check
// opens the plugin's pages in it). Keep the provider options identical to
// the README's.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  plugins: [{ resolve: "medusa-payment-acquiring", options: {} }],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "medusa-payment-acquiring/providers/acquiring",
            id: "acquiring",
            options: {
              merchant_id: process.env.ACQUIRING_MERCHANT_ID,
              account_id: process.env.ACQUIRING_ACCOUNT_ID,
              sign_key: process.env.ACQUIRING_SIGN_KEY,
              base_url: process.env.ACQUIRING_BASE_URL,
              mode: process.env.ACQUIRING_MODE === "test" ? "test" : "live",
              three_d_secure:
                process.env.ACQUIRING_THREE_D_SECURE === "always"
                  ? "always"
                  : "issuer",
              website: process.env.STORE_URL,
              backend_url: process.env.MEDUSA_BACKEND_URL,
              storefront_return_url: `${process.env.STORE_URL}/checkout/return`,
            },
          },
        ],
      },
    },
  ],
})
