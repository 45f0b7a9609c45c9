"use server"

import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { redirect } from "next/navigation"
import { getAuthHeaders, removeAuthToken, setAuthToken } from "./cookies"

/** The signed-in customer, or null. */
export async function retrieveCustomer(): Promise<HttpTypes.StoreCustomer | null> {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.store.customer
    .retrieve({}, headers)
    .then(({ customer }) => customer)
    .catch(() => null)
}

/** The sign-in form's action: keeps the token, or answers why not. */
export async function login(
  _state: string | null,
  formData: FormData
): Promise<string | null> {
  try {
    const token = await sdk.auth.login("customer", "emailpass", {
      email: String(formData.get("email") ?? ""),
      password: String(formData.get("password") ?? ""),
    })
    if (typeof token !== "string") return "This sign-in needs another step"
    await setAuthToken(token)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

export async function signout(countryCode: string): Promise<void> {
  await removeAuthToken()
  redirect(`/${countryCode}/account`)
}
