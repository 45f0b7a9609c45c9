import { execFile, spawn, type ChildProcess } from "node:child_process"
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { freeLoopbackPort } from "../../dev/local-stack/database"

const ROOT = resolve(__dirname, "..", "..")
const EXAMPLE = join(ROOT, "examples", "nextjs-checkout")
const KIT = join(ROOT, "packages", "storefront")
const ARTEFACTS = join(ROOT, ".artifacts")
/** The storefront's host name: another site than the backend's 127.0.0.1, as a real shop's are. */
export const SHOP_HOST = "shop.test"

const exec = promisify(execFile)

/** Medusa's server and the plugin: a storefront's tree holds none of them (the kit's own tree holds nothing at all). */
export const SERVER_PACKAGES = [
  "@medusajs/medusa",
  "@medusajs/framework",
  "medusa-payment-acquiring",
]

export type InstalledApp = {
  dir: string
  /** Every package in the app's tree (npm ls --all), by name. */
  packages: string[]
  /** Of those, what the kit's own tree holds. */
  kitTree: string[]
}

function namesOf(tree: {
  dependencies?: Record<string, unknown>
}): Set<string> {
  const names = new Set<string>()
  const walk = (node: { dependencies?: Record<string, any> }) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      names.add(name)
      walk(child)
    }
  }
  walk(tree)
  return names
}

/**
 * The example as a merchant's storefront gets it: copied out of the
 * repository, the kit packed and installed from its tarball (no link to the
 * repository's node_modules), then built for production once.
 */
export async function installAndBuild(): Promise<InstalledApp> {
  const dir = mkdtempSync(join(tmpdir(), "acquiring-nextjs-"))
  // --ignore-scripts: the run's `npm run build` built the kit; its prepack
  // would rebuild dist/ while other specs read it
  const { stdout: packed } = await exec(
    "npm",
    ["pack", KIT, "--pack-destination", dir, "--json", "--ignore-scripts"],
    { cwd: dir }
  )
  const tarball = join(dir, JSON.parse(packed)[0].filename)
  const app = join(dir, "app")
  cpSync(EXAMPLE, app, {
    recursive: true,
    // what a developer's own runs of the example leave behind is not part of it
    filter: (path) =>
      !/[\\/](node_modules|\.next|package-lock\.json)([\\/]|$)/.test(path),
  })
  const manifestPath = join(app, "package.json")
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"))
  manifest.dependencies["medusa-payment-acquiring-storefront"] =
    `file:${tarball}`
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2))
  await exec(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline"],
    { cwd: app, maxBuffer: 32 * 1024 * 1024 }
  )
  const { stdout: tree } = await exec("npm", ["ls", "--all", "--json"], {
    cwd: app,
    maxBuffer: 32 * 1024 * 1024,
  })
  const parsed = JSON.parse(tree)
  const kit = parsed.dependencies?.["medusa-payment-acquiring-storefront"] ?? {}
  // the app's own React, which the kit names as a peer, is not the kit's to bring
  const peers = Object.keys(
    JSON.parse(readFileSync(join(KIT, "package.json"), "utf8"))
      .peerDependencies ?? {}
  )
  await exec("npx", ["--no-install", "next", "build"], {
    cwd: app,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    maxBuffer: 32 * 1024 * 1024,
  })
  const packages = [...namesOf(parsed)].sort()
  // what the install brought, for the notes (git-ignored)
  mkdirSync(ARTEFACTS, { recursive: true })
  writeFileSync(
    join(ARTEFACTS, "nextjs-checkout-install.json"),
    JSON.stringify({ packages: packages.length, kit: kit.version }, null, 2)
  )
  return {
    dir,
    packages,
    kitTree: [...namesOf(kit)].filter((name) => !peers.includes(name)).sort(),
  }
}

export type NextServer = { url: string; stop(): Promise<void> }

/** `next start` on 127.0.0.1, answering once it says it is ready. */
export async function startNext(
  app: string,
  port: number,
  env: Record<string, string>
): Promise<NextServer> {
  // its own process group: next start runs the server in a child process, which must end with it
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(app, "app", "node_modules", "next", "dist", "bin", "next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(port),
    ],
    {
      cwd: join(app, "app"),
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    }
  )
  let output = ""
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(
      () => failed(new Error(`next start did not get ready: ${output}`)),
      60_000
    )
    child.stdout!.on("data", (chunk) => {
      output += chunk
      if (/Ready in/.test(output)) {
        clearTimeout(timer)
        ready()
      }
    })
    child.stderr!.on("data", (chunk) => (output += chunk))
    child.once("exit", (code) => {
      clearTimeout(timer)
      failed(new Error(`next start ended (${code}): ${output}`))
    })
  })
  return {
    url: `http://${SHOP_HOST}:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done()
        // next start waits for open keep-alive connections before it ends: a browser's may stay
        const hard = setTimeout(
          () => process.kill(-child.pid!, "SIGKILL"),
          5_000
        )
        child.once("exit", () => {
          clearTimeout(hard)
          done()
        })
        process.kill(-child.pid!, "SIGTERM")
      }),
  }
}

/**
 * The example, installed and built before Medusa boots (call before
 * acquiringSuite): the provider's return URL names its address. `serve`
 * starts it for one test's store (each test seeds its own publishable key).
 */
export function nextjsCheckout() {
  let installed: InstalledApp | undefined
  let port = 0
  let server: NextServer | undefined
  beforeAll(async () => {
    port = await freeLoopbackPort()
    process.env.ACQUIRING_STOREFRONT_URL = `http://${SHOP_HOST}:${port}`
    installed = await installAndBuild()
  }, 300_000)
  afterEach(async () => {
    await server?.stop()
    server = undefined
  })
  afterAll(() => {
    delete process.env.ACQUIRING_STOREFRONT_URL
    if (installed) rmSync(installed.dir, { recursive: true, force: true })
  })
  return {
    installed: () => installed!,
    url: () => `http://${SHOP_HOST}:${port}`,
    async serve(env: {
      backendUrl: string
      publishableKey: string
      salesChannelId: string
    }): Promise<string> {
      server = await startNext(installed!.dir, port, {
        MEDUSA_BACKEND_URL: env.backendUrl,
        MEDUSA_PUBLISHABLE_KEY: env.publishableKey,
        MEDUSA_SALES_CHANNEL_ID: env.salesChannelId,
        STOREFRONT_URL: `http://${SHOP_HOST}:${port}`,
      })
      return server.url
    },
  }
}
