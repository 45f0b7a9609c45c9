import { cookies } from "next/headers"

const CART_COOKIE = "_medusa_cart_id"

// The starter's cookie policy: httpOnly and SameSite=Strict, so the cookie
// stays behind on the way back from the acquirer's site (the return page
// reads the payment by its attempt token instead). Secure over https.
const secure = (process.env.STOREFRONT_URL ?? "").startsWith("https:")

export async function getCartId(): Promise<string | undefined> {
  return (await cookies()).get(CART_COOKIE)?.value
}

export async function setCartId(cartId: string): Promise<void> {
  ;(await cookies()).set(CART_COOKIE, cartId, {
    maxAge: 60 * 60 * 24 * 7,
    httpOnly: true,
    sameSite: "strict",
    secure,
  })
}

export async function removeCartId(): Promise<void> {
  ;(await cookies()).set(CART_COOKIE, "", { maxAge: -1 })
}
