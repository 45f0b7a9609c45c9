import { NextRequest, NextResponse } from "next/server"

/** The shop's one country: every path starts with it, as the starter's do. */
const COUNTRY = process.env.NEXT_PUBLIC_DEFAULT_REGION || "us"
const CACHE_COOKIE = "_medusa_cache_id"

/**
 * Puts the country code in front of a path that has none, keeping the
 * query (`/checkout/return?…` → `/us/checkout/return?…`), and gives the
 * browser the cache id the data functions tag their cached fetches with
 * (on this very request too, so its first page is tagged like the rest).
 */
export function middleware(request: NextRequest) {
  const { pathname, search, protocol } = request.nextUrl
  // the address the browser asked for (Next's own URL may name its bind address instead)
  const origin = `${protocol}//${request.headers.get("host") ?? request.nextUrl.host}`
  const known = request.cookies.get(CACHE_COOKIE)?.value
  const cacheId = known ?? crypto.randomUUID()
  let response: NextResponse
  if (pathname.split("/")[1] === COUNTRY) {
    if (known) return NextResponse.next()
    const headers = new Headers(request.headers)
    const cookies = request.headers.get("cookie")
    headers.set(
      "cookie",
      `${cookies ? `${cookies}; ` : ""}${CACHE_COOKIE}=${cacheId}`
    )
    response = NextResponse.next({ request: { headers } })
  } else {
    const path = pathname === "/" ? "" : pathname
    response = NextResponse.redirect(
      `${origin}/${COUNTRY}${path}${search}`,
      307
    )
  }
  if (!known)
    response.cookies.set(CACHE_COOKIE, cacheId, { maxAge: 60 * 60 * 24 })
  return response
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"],
}
