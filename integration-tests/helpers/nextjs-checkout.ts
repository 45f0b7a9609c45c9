import { spawn, type ChildProcess } from "node:child_process"
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { scratchFolder } from "../../dev/local-stack/scratch-folder"
import { join, resolve } from "node:path"
import { freeLoopbackPort } from "../../dev/local-stack/database"
import {
  applyGuide,
  GUIDE,
  readTree,
  SHELL,
  writeTree,
  type Applied,
} from "../../scripts/docs/nextjs-guide"
import { budget } from "../setup/time-budget"
import { runStep } from "./command-step"

const ROOT = resolve(__dirname, "..", "..")
const KIT = join(ROOT, "packages", "storefront")
const ARTEFACTS = join(ROOT, ".artifacts")
/** The storefront's host name: another site than the backend's 127.0.0.1, as a real shop's are. */
export const SHOP_HOST = "shop.test"

/** Medusa's server and the plugin: a storefront's tree holds none of them (the kit's own tree holds nothing at all). */
export const SERVER_PACKAGES = [
  "@medusajs/medusa",
  "@medusajs/framework",
  "medusa-payment-acquiring",
]

/**
 * How long each step of the install may take before it is stopped and named
 * as the one that ran out: many times what it takes on a busy 2-core machine
 * with a warm npm cache (pack 2 s, install about 35 s, build about 65 s),
 * so a machine three times slower, or a cold cache, still finishes.
 */
export const STEP_BUDGETS_MS = {
  "npm pack": 5 * 60_000,
  "npm install": 20 * 60_000,
  "npm ls": 5 * 60_000,
  "next build": 30 * 60_000,
}
type Step = keyof typeof STEP_BUDGETS_MS
/** The whole install's hook: the steps' budgets and a margin, so a step's own budget names it first. */
export const INSTALL_BUDGET_MS =
  Object.values(STEP_BUDGETS_MS).reduce((sum, ms) => sum + ms, 0) + 60_000

/** Runs one step of the install; past its budget it is stopped and the error names it. */
const run = (
  step: Step,
  command: string,
  args: string[],
  cwd: string,
  env?: NodeJS.ProcessEnv
) => runStep(step, STEP_BUDGETS_MS[step], command, args, cwd, env)

export type InstalledApp = {
  dir: string
  /** The app: the starter shell with the guide applied. */
  app: string
  /** What each block of the guide did. */
  applied: Applied[]
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
 * The guide's own code as a merchant's storefront gets it: every block of
 * docs/storefront.md's guide written or applied onto the starter shell
 * (scripts/docs/nextjs-guide.ts), the kit packed and installed from its
 * tarball (no link to the repository's node_modules), then built for
 * production once.
 */
export async function installAndBuild(): Promise<InstalledApp> {
  const dir = mkdtempSync(join(scratchFolder(), "acquiring-nextjs-"))
  const shell = readTree(SHELL)
  shell.delete("README.md")
  const { files, applied } = applyGuide(shell, readFileSync(GUIDE, "utf8"))
  const app = join(dir, "app")
  writeTree(app, files)
  // --ignore-scripts: the run's `npm run build` built the kit; its prepack
  // would rebuild dist/ while other specs read it
  const packed = await run(
    "npm pack",
    "npm",
    ["pack", KIT, "--pack-destination", dir, "--json", "--ignore-scripts"],
    dir
  )
  const tarball = join(dir, JSON.parse(packed)[0].filename)
  const manifestPath = join(app, "package.json")
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"))
  manifest.dependencies["medusa-payment-acquiring-storefront"] =
    `file:${tarball}`
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2))
  await run(
    "npm install",
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline"],
    app
  )
  const parsed = JSON.parse(
    await run("npm ls", "npm", ["ls", "--all", "--json"], app)
  )
  const kit = parsed.dependencies?.["medusa-payment-acquiring-storefront"] ?? {}
  // the app's own React, which the kit names as a peer, is not the kit's to bring
  const peers = Object.keys(
    JSON.parse(readFileSync(join(KIT, "package.json"), "utf8"))
      .peerDependencies ?? {}
  )
  // built without the publishable key: each test's server reads its own when it starts
  const { NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: _key, ...buildEnv } = process.env
  await run(
    "next build",
    process.execPath,
    [join(app, "node_modules", "next", "dist", "bin", "next"), "build"],
    app,
    { ...buildEnv, NEXT_TELEMETRY_DISABLED: "1" }
  )
  const packages = [...namesOf(parsed)].sort()
  // what the install brought, for the notes (git-ignored)
  mkdirSync(ARTEFACTS, { recursive: true })
  writeFileSync(
    join(ARTEFACTS, "nextjs-checkout-install.json"),
    JSON.stringify({ packages: packages.length, kit: kit.version }, null, 2)
  )
  return {
    dir,
    app,
    applied,
    packages,
    kitTree: [...namesOf(kit)].filter((name) => !peers.includes(name)).sort(),
  }
}

export type NextServer = {
  url: string
  /** the process has not ended */
  running(): boolean
  stop(): Promise<void>
}

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
      join(app, "node_modules", "next", "dist", "bin", "next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(port),
    ],
    {
      cwd: app,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    }
  )
  let output = ""
  await new Promise<void>((ready, failed) => {
    const readyWithin = budget(60_000)
    const timer = setTimeout(
      () =>
        failed(
          new Error(
            `next start: not ready within its budget of ${readyWithin / 1000} s: ${output}`
          )
        ),
      readyWithin
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
    running: () => child.exitCode === null && child.signalCode === null,
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
 * The guide's app, installed and built before Medusa boots (call before
 * acquiringSuite): the provider's return URL names its address. `serve`
 * starts it for a test's store, and keeps it for the next test of the same
 * store (the file's store is seeded once and restored before every test,
 * with the same publishable key): `next start` again only for another
 * store, or when the last one ended.
 */
export function nextjsCheckout() {
  let installed: InstalledApp | undefined
  let port = 0
  let server: { next: NextServer; env: string } | undefined
  beforeAll(async () => {
    port = await freeLoopbackPort()
    process.env.ACQUIRING_STOREFRONT_URL = `http://${SHOP_HOST}:${port}`
    installed = await installAndBuild()
  }, budget(INSTALL_BUDGET_MS))
  afterAll(async () => {
    await server?.next.stop()
    server = undefined
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
      const serverEnv = {
        MEDUSA_BACKEND_URL: env.backendUrl,
        NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: env.publishableKey,
        MEDUSA_SALES_CHANNEL_ID: env.salesChannelId,
        NEXT_PUBLIC_BASE_URL: `http://${SHOP_HOST}:${port}`,
      }
      const key = JSON.stringify(serverEnv)
      if (server?.env === key && server.next.running()) return server.next.url
      await server?.next.stop()
      server = undefined
      server = {
        next: await startNext(installed!.app, port, serverEnv),
        env: key,
      }
      return server.next.url
    },
  }
}
