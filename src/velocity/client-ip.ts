/**
 * The client address the per-IP limit counts: Express's `req.ip`, which
 * honours Medusa's `trust proxy` setting (one hop), so only the address the
 * nearest proxy saw counts. Forwarding headers are never read here.
 */
export function clientIpOf(req: {
  ip?: string
  socket?: { remoteAddress?: string }
}): string | undefined {
  return req.ip || req.socket?.remoteAddress || undefined
}
