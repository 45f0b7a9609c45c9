import { model } from "@medusajs/framework/utils"

/**
 * An acquiring account the merchant saved in the admin. Each value left
 * null falls back to the provider options in medusa-config, then to the
 * options' defaults. The sign key is stored only as AES-256-GCM ciphertext
 * (see accounts/secret-box.ts).
 */
export const AcquiringAccount = model.define("acquiring_account", {
  id: model.id({ prefix: "acqacc" }).primaryKey(),
  name: model.text(),
  enabled: model.boolean().default(true),
  mode: model.enum(["test", "live"]).default("live"),
  merchant_id: model.text(),
  account_id: model.text(),
  base_url: model.text(),
  /** base64url "v1.<iv>.<tag>.<ciphertext>" */
  sign_key_encrypted: model.text().nullable(),
  sign_key_updated_at: model.dateTime().nullable(),
  /** lower-case ISO 4217 codes; empty serves every currency */
  currencies: model.array().default([]),
  /** full provider ids; empty serves every acquiring provider */
  providers: model.array().default([]),
  /** Medusa sales channel ids; empty serves every sales channel */
  sales_channels: model.array().default([]),
  /** Medusa region ids; empty serves every region */
  regions: model.array().default([]),
  website_url: model.text().nullable(),
  backend_url: model.text().nullable(),
  storefront_url: model.text().nullable(),
  three_d_secure: model.enum(["always", "issuer"]).nullable(),
  /** null: auto_capture's meaning (true = at authorisation), then medusa-config */
  auto_capture: model.boolean().nullable(),
  capture_on: model
    .enum(["authorisation", "fulfilment", "shipment", "manual"])
    .nullable(),
  order_prefix: model.text().nullable(),
  timeout_ms: model.number().nullable(),
  /** recipes, status_codes, limits: validated by the provider options' schemas */
  advanced: model.json().nullable(),
  /** which carts the account's providers may serve: amount bounds per currency, countries */
  availability: model.json().nullable(),
})
