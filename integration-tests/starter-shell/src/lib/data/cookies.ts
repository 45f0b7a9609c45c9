import { cookies as nextCookies } from "next/headers"

// httpOnly and SameSite=Strict, as the starter sets them: the cart cookie
// stays behind on every way back from another site (the acquirer's pages).
// Secure when the shop's public address is https.
const secure = (process.env.NEXT_PUBLIC_BASE_URL ?? "").startsWith("https:")

/** The signed-in customer's token, as a header for the store API. */
export const getAuthHeaders = async (): Promise<
  { authorization: string } | Record<string, never>
> => {
  const token = (await nextCookies()).get("_medusa_jwt")?.value
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** The tag of this browser's cached copies of `tag` (carts, orders, …); "" before the middleware gave it a cache id. */
export const getCacheTag = async (tag: string): Promise<string> => {
  const cacheId = (await nextCookies()).get("_medusa_cache_id")?.value
  return cacheId ? `${tag}-${cacheId}` : ""
}

/** Next's fetch options that file a cached copy under that tag. */
export const getCacheOptions = async (
  tag: string
): Promise<{ tags: string[] } | Record<string, never>> => {
  const cacheTag = await getCacheTag(tag)
  return cacheTag ? { tags: [cacheTag] } : {}
}

export const getCartId = async (): Promise<string | undefined> =>
  (await nextCookies()).get("_medusa_cart_id")?.value

export const setCartId = async (cartId: string): Promise<void> => {
  ;(await nextCookies()).set("_medusa_cart_id", cartId, {
    maxAge: 60 * 60 * 24 * 7,
    httpOnly: true,
    sameSite: "strict",
    secure,
  })
}

export const removeCartId = async (): Promise<void> => {
  ;(await nextCookies()).set("_medusa_cart_id", "", { maxAge: -1 })
}

/** Keeps the customer's token after sign-in: httpOnly, as the starter does. */
export const setAuthToken = async (token: string): Promise<void> => {
  ;(await nextCookies()).set("_medusa_jwt", token, {
    maxAge: 60 * 60 * 24 * 7,
    httpOnly: true,
    sameSite: "strict",
    secure,
  })
}

export const removeAuthToken = async (): Promise<void> => {
  ;(await nextCookies()).set("_medusa_jwt", "", { maxAge: -1 })
}
