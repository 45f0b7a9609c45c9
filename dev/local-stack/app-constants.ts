/** Fixed settings of the Medusa app the tests and the demo boot (medusa-config.ts reads them too). */
export const TEST_JWT_SECRET = "integration-jwt-secret"
export const STOREFRONT_RETURN_URL = "https://shop.example.test/checkout/return"
