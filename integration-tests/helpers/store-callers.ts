import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createApiKeysWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"
import {
  expectStatus,
  httpClient,
  type HttpClient,
} from "../../dev/store-client/http-client"
import type { Shop } from "./acquiring-suite"

/** A store client with a publishable key and, optionally, a customer's bearer token. */
export function storeAs(
  backendUrl: () => string,
  key: string,
  token?: string
): HttpClient {
  return httpClient(backendUrl, () => ({
    "x-publishable-api-key": key,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  }))
}

/** Registers and logs in a customer through the store API; answers its bearer token. */
export async function customerToken(
  shop: Shop,
  backendUrl: () => string,
  email: string
): Promise<string> {
  const anonymous = storeAs(backendUrl, shop.seeded.publishableKey)
  const registered = expectStatus(
    await anonymous.post("/auth/customer/emailpass/register", {
      email,
      password: "secret-Pass-1",
    }),
    200,
    "register"
  )
  const withIdentity = storeAs(
    backendUrl,
    shop.seeded.publishableKey,
    registered.token
  )
  expectStatus(
    await withIdentity.post("/store/customers", {
      email,
      first_name: "Ada",
      last_name: "Owner",
    }),
    200,
    "create customer"
  )
  const login = expectStatus(
    await anonymous.post("/auth/customer/emailpass", {
      email,
      password: "secret-Pass-1",
    }),
    200,
    "login"
  )
  return login.token
}

/** A publishable key of a second sales channel. */
export async function otherChannelKey(
  container: MedusaContainer
): Promise<string> {
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Other shop" }] },
  })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [
        { title: "Other storefront", type: "publishable", created_by: "test" },
      ],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [channel.id] },
  })
  return key.token
}
