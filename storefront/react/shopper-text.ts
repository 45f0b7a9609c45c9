/** Texts both components show the shopper, in one place so they read alike. */
export function rateLimitText(retryAfterSeconds: number): string {
  return `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds)} seconds.`
}
