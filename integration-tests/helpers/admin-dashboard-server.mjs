/**
 * Serves Medusa's admin dashboard as `medusa develop` does (Vite, in
 * development mode), with Medusa's draft-order pages and the plugin's built
 * admin extensions, on 127.0.0.1, talking to a Medusa backend elsewhere. Run as its own Node
 * process by admin-browser.ts (Vite and its plugins load through import(),
 * which jest's module sandbox does not allow).
 *
 *   node admin-dashboard-server.mjs <port> <backend url> <plugin admin entry>
 *
 * Prints "ready" once listening.
 */
import express from "express"
import { develop } from "@medusajs/admin-bundler"

const [port, backendUrl, pluginAdmin] = process.argv.slice(2)

// Medusa's own draft-order pages, which every store gets (defineConfig adds
// the plugin), named as a store names them: Vite pre-bundles a package's
// CommonJS dependencies only for a bare import
const DRAFT_ORDER_ADMIN = "@medusajs/draft-order/admin"

const app = express()
const dashboard = await develop({
  path: "/app",
  backendUrl,
  sources: [],
  plugins: [DRAFT_ORDER_ADMIN, pluginAdmin],
  outDir: ".medusa/admin-browser-build",
  disable: false,
  // one dependency cache per server: two dashboards optimising into one
  // node_modules/.vite at once break each other's module hashes
  vite: () => ({
    cacheDir: `node_modules/.vite-admin-${port}`,
    // found only when the first page asks for it, Vite bundled it then and
    // reloaded the page under a test ("optimized dependencies changed.
    // reloading"); named here, it is bundled before any page loads
    optimizeDeps: { include: ["@medusajs/admin-shared"] },
  }),
})
app.use("/app", dashboard)
app.get("/", (_req, res) => res.redirect("/app"))
app.listen(Number(port), "127.0.0.1", () => {
  process.stdout.write("ready\n")
})
