"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders } from "./cookies"

/** The signed-in customer, or null (the shell has no sign-in: always null there). */
export async function retrieveCustomer(): Promise<HttpTypes.StoreCustomer | null> {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.store.customer
    .retrieve({}, headers)
    .then(({ customer }) => customer)
    .catch(() => null)
}
