/**
 * Serves Medusa's admin dashboard as a production store serves it (`medusa
 * build`, then the bundle served by Medusa's own `serve`), with Medusa's
 * draft-order pages and the plugin's built admin extensions, on 127.0.0.1,
 * talking to a Medusa backend elsewhere. Run as its own Node process by
 * admin-browser.ts (Vite and its plugins load through import(), which jest's
 * module sandbox does not allow).
 *
 *   node admin-dashboard-server.mjs <port> <backend url> <plugin admin entry> <build folder>
 *
 * The bundle is built once per run into <build folder> (the first server to
 * need it builds; a second one waits for it), naming a placeholder for the
 * backend: every server serves a copy with its own backend's address. The
 * install check serves the dashboard as `medusa develop` does, from a stock
 * store's node_modules. Prints "ready" once listening.
 */
import { build, serve } from "@medusajs/admin-bundler"
import express from "express"
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
} from "node:fs"
import { join } from "node:path"

const [port, backendUrl, pluginAdmin, buildFolder] = process.argv.slice(2)

// Medusa's own draft-order pages, which every store gets (defineConfig adds
// the plugin), named as a store names them
const DRAFT_ORDER_ADMIN = "@medusajs/draft-order/admin"
/** What the bundle names as its backend until a server puts its own address there. */
const BACKEND_PLACEHOLDER = "http://acquiring-test-backend.invalid"

const bundle = join(buildFolder, "bundle")
const failed = join(buildFolder, "failed")

/** The run's bundle: built here, or by the server that took the lock first. */
async function builtBundle() {
  mkdirSync(buildFolder, { recursive: true })
  if (existsSync(bundle)) return
  try {
    mkdirSync(join(buildFolder, "lock"))
  } catch (error) {
    // only a lock another server holds means waiting; any other fault is this server's
    if (error?.code !== "EEXIST") throw error
    return bundleBuiltElsewhere()
  }
  const building = join(buildFolder, "building")
  try {
    await build({
      path: "/app",
      backendUrl: BACKEND_PLACEHOLDER,
      sources: [],
      plugins: [DRAFT_ORDER_ADMIN, pluginAdmin],
      outDir: building,
    })
  } catch (error) {
    // the servers waiting for it fail at once, with the reason
    writeFileSync(failed, String(error?.stack ?? error))
    throw error
  }
  renameSync(building, bundle)
}

/** Resolves once the server holding the lock has renamed its finished bundle into place. */
function bundleBuiltElsewhere() {
  return new Promise((done, fail) => {
    const look = () => {
      if (existsSync(failed))
        fail(new Error(`bundling failed: ${readFileSync(failed, "utf8")}`))
      else if (!existsSync(bundle)) return
      watcher.close()
      done()
    }
    const watcher = watch(buildFolder, look)
    look()
  })
}

/** A copy of the bundle naming this server's backend. */
function bundleFor(backend) {
  const own = join(buildFolder, `port-${port}`)
  rmSync(own, { recursive: true, force: true })
  cpSync(bundle, own, { recursive: true })
  for (const file of readdirSync(own, { recursive: true })) {
    if (!/\.(js|html)$/.test(file)) continue
    const path = join(own, file)
    const text = readFileSync(path, "utf8")
    if (text.includes(BACKEND_PLACEHOLDER))
      writeFileSync(path, text.replaceAll(BACKEND_PLACEHOLDER, backend))
  }
  return own
}

await builtBundle()
const outDir = bundleFor(backendUrl)
process.on("exit", () => rmSync(outDir, { recursive: true, force: true }))
process.on("SIGTERM", () => process.exit(0))

const app = express()
app.use("/app", await serve({ outDir }))
app.get("/", (_req, res) => res.redirect("/app"))
app.listen(Number(port), "127.0.0.1", () => {
  process.stdout.write("ready\n")
})
