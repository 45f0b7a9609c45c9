import { Server } from "node:net"

const patched = Symbol.for("acquiring.loopback-listen")
type Listen = (this: Server, ...args: unknown[]) => Server

/**
 * Makes every server that names no host listen on 127.0.0.1 instead of all
 * interfaces. Medusa's app start calls `app.listen(port)`; with this in
 * place nothing the tests or the demo start is reachable from outside.
 */
export function keepServersOnLoopback(): void {
  const proto = Server.prototype as unknown as Record<symbol, boolean> & {
    listen: Listen
  }
  if (proto[patched]) {
    return
  }
  const original = proto.listen
  proto.listen = function listenOnLoopback(this: Server, ...args: unknown[]) {
    const [first, second] = args
    if (first !== null && typeof first === "object") {
      const options = first as {
        host?: string
        path?: string
        handle?: unknown
        fd?: unknown
      }
      if (!options.host && !options.path && !options.handle && !options.fd) {
        args[0] = { ...options, host: "127.0.0.1" }
      }
    } else if (first === undefined || typeof first === "function") {
      args.unshift(0, "127.0.0.1")
    } else if (
      typeof first === "number" ||
      (typeof first === "string" && /^\d+$/.test(first))
    ) {
      if (typeof second !== "string") {
        args.splice(1, 0, "127.0.0.1")
      }
    }
    return original.apply(this, args)
  }
  proto[patched] = true
}
