/**
 * Serves the example storefront on 127.0.0.1: the app bundled with esbuild
 * at start, /config.json with the backend and publishable key, and
 * index.html for every other path (the app routes in the browser).
 *
 *   npx ts-node --transpile-only examples/storefront/server.ts \
 *     --backend http://127.0.0.1:9000 --key pk_... [--port 8000]
 */
import { build, type Plugin } from "esbuild"
import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"

export type StorefrontConfig = {
  backendUrl: string
  publishableKey: string
  salesChannelId?: string
}

export type ExampleStorefront = {
  url: string
  setConfig(config: StorefrontConfig): void
  close(): Promise<void>
}

const here = __dirname
const packageRoot = resolve(here, "..", "..")

// The app imports the kit by its published name; here it is the kit's source.
const kitFromSource: Plugin = {
  name: "kit-from-source",
  setup(b) {
    b.onResolve(
      { filter: /^medusa-payment-acquiring-storefront(\/react)?$/ },
      (args) => ({
        path: join(
          packageRoot,
          "storefront",
          args.path.endsWith("/react") ? "react/index.ts" : "index.ts"
        ),
      })
    )
  },
}

export async function bundleApp(): Promise<string> {
  const result = await build({
    entryPoints: [join(here, "src", "main.tsx")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    write: false,
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [kitFromSource],
    logLevel: "warning",
  })
  return result.outputFiles[0].text
}

export async function startExampleStorefront(
  options: { port?: number; config?: StorefrontConfig } = {}
): Promise<ExampleStorefront> {
  const app = await bundleApp()
  const html = readFileSync(join(here, "index.html"), "utf8")
  let config = options.config
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname
    if (path === "/app.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" })
      return res.end(app)
    }
    if (path === "/config.json") {
      res.writeHead(config ? 200 : 503, {
        "content-type": "application/json",
        "cache-control": "no-store",
      })
      return res.end(
        JSON.stringify(config ?? { message: "not configured yet" })
      )
    }
    if (path === "/favicon.ico") {
      res.writeHead(204)
      return res.end()
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    res.end(html)
  })
  await new Promise<void>((done) =>
    server.listen(options.port ?? 0, "127.0.0.1", done)
  )
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    setConfig(next) {
      config = next
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "http://127.0.0.1:9000" },
      key: { type: "string" },
      port: { type: "string", default: "8000" },
      "sales-channel": { type: "string" },
    },
  })
  if (!values.key) throw new Error("--key <publishable key> is required")
  startExampleStorefront({
    port: Number(values.port),
    config: {
      backendUrl: values.backend!,
      publishableKey: values.key,
      salesChannelId: values["sales-channel"],
    },
  }).then((sf) => console.log(`example storefront on ${sf.url}`))
}
