/**
 * `npm run test:install`: the plugin as a merchant gets it. Packs the
 * package; creates a stock Medusa store (package.json shaped like Medusa's
 * starter, naming Medusa and the packed plugin) in a temporary folder and
 * installs it in one plain `npm install`, without a lock file or npm's
 * offline preference, so the registry's newest versions are what get
 * resolved; checks that the libraries the dashboard shares with extensions
 * are installed once, `npm ls`, and a consumer file compiled against the
 * packed types; starts `npx acquiring-sandbox`, migrates on an embedded
 * PostgreSQL, runs the store with `npx medusa develop` (its admin served
 * from the store's own node_modules), sees both providers through the admin
 * API, pays an order with the sandbox's test card and opens every page and
 * widget the plugin adds to the admin in Chromium (admin-pages.ts).
 * Everything listens on 127.0.0.1. Exits 1 on the first failure and prints
 * the duration either way.
 */
import { randomBytes } from "node:crypto"
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { scratchFolder } from "../../dev/local-stack/scratch-folder"
import { join, resolve } from "node:path"
import { Client } from "pg"
import { Agent, setGlobalDispatcher } from "undici"
import {
  DATABASE_URL_VARIABLE,
  databaseEnvFromUrl,
  freeLoopbackPort,
  startEmbeddedDatabase,
} from "../../dev/local-stack/database"
import { startingCommands } from "../docs/shell-commands"
import { checkAdminPages, pluginPages } from "./admin-pages"
import { packPlugin } from "./pack"
import {
  cleanups,
  elapsed,
  run,
  serverOutputTails,
  startServer,
  step,
  stopAll,
} from "./processes"
import { assertOneCopyEach } from "./single-copies"
import { CARD_PROVIDER, createStoreData, HOSTED_PROVIDER } from "./store-data"
import { storePackageJson, STORE_TSCONFIG } from "./store-package"
import {
  budget,
  SLOWNESS_VARIABLE,
  slownessOf,
} from "../../integration-tests/setup/time-budget"

const ROOT = resolve(__dirname, "..", "..")
/** The stock store's first migration on the developers' 2-core machine, beside jest (seconds). */
const REFERENCE_STORE_MIGRATION_SECONDS = 50
const PROVIDERS = [CARD_PROVIDER, HOSTED_PROVIDER]
const ADMIN = { email: "admin@install-check.test", password: "install-check-1" }
/** Where the admin pages' screenshots stay after the run (git-ignored). */
const SCREENSHOTS = join(ROOT, ".medusa", "install-check", "screenshots")

/** A stock Medusa store naming the packed plugin, installed in one step as a fresh clone is. */
async function installStockStore(
  store: string,
  tarball: string
): Promise<void> {
  const medusaVersion = JSON.parse(
    readFileSync(
      join(ROOT, "node_modules", "@medusajs", "medusa", "package.json"),
      "utf8"
    )
  ).version
  mkdirSync(store)
  writeFileSync(
    join(store, "package.json"),
    JSON.stringify(storePackageJson(medusaVersion, tarball), null, 2)
  )
  writeFileSync(
    join(store, "tsconfig.json"),
    JSON.stringify(STORE_TSCONFIG, null, 2)
  )
  copyFileSync(
    join(__dirname, "store-medusa-config.ts"),
    join(store, "medusa-config.ts")
  )
  step(
    "a stock Medusa store naming Medusa and the packed plugin: npm install (no lock file, fresh from the registry)"
  )
  await run("npm", ["install", "--no-audit", "--no-fund"], { cwd: store })
  step("the stock store is installed")
}

/** The consumer file compiles (strict) against the packed package's declarations. */
async function compileConsumer(store: string): Promise<void> {
  step(
    "tsc --noEmit on a consumer of /gateway, /sandbox and /providers/acquiring"
  )
  copyFileSync(join(__dirname, "consumer.ts"), join(store, "consumer.ts"))
  writeFileSync(
    join(store, "tsconfig.consumer.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2021",
        module: "Node16",
        moduleResolution: "Node16",
        strict: true,
        noEmit: true,
        esModuleInterop: true,
        skipLibCheck: true,
        types: ["node"],
      },
      files: ["consumer.ts"],
    })
  )
  await run(
    join(store, "node_modules", ".bin", "tsc"),
    ["-p", "tsconfig.consumer.json"],
    { cwd: store }
  )
}

/** The sandbox command the README and docs/sandbox.md give, run exactly as written; answers its address. */
async function startSandbox(store: string): Promise<string> {
  const sandboxCommand = startingCommands(join(ROOT, "README.md")).find((c) =>
    c.startsWith("npx acquiring-sandbox")
  )
  if (!sandboxCommand)
    throw new Error("README.md gives no npx acquiring-sandbox command")
  step(`npx acquiring-sandbox --help, then ${sandboxCommand}`)
  const help = await run(
    "npx",
    ["--no-install", "acquiring-sandbox", "--help"],
    { cwd: store }
  )
  if (!help.includes("Usage: npx acquiring-sandbox"))
    throw new Error(`--help does not name the command:\n${help}`)
  const sandbox = await startServer("bash", ["-c", `exec ${sandboxCommand}`], {
    cwd: store,
    ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: budget(30_000),
  })
  step(`sandbox at ${sandbox.match[1]}`)
  return sandbox.match[1]
}

/** A new database on PostgreSQL (embedded unless DATABASE_URL_VARIABLE names one); answers its URL. */
async function createDatabase(): Promise<string> {
  const existing = process.env[DATABASE_URL_VARIABLE]
  step(
    existing
      ? `PostgreSQL from ${DATABASE_URL_VARIABLE}`
      : "embedded PostgreSQL on localhost"
  )
  const database = existing ? undefined : await startEmbeddedDatabase()
  if (database) cleanups.push(() => database.stop())
  const db = existing ? databaseEnvFromUrl(existing) : database!.env
  const dbName = `acquiring_install_${randomBytes(3).toString("hex")}`
  const admin = new Client({
    host: db.DB_HOST,
    port: Number(db.DB_PORT),
    user: db.DB_USERNAME,
    password: db.DB_PASSWORD,
    database: "postgres",
  })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
  cleanups.push(async () => {
    await admin
      .query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      .catch(() => undefined)
    await admin.end()
  })
  return `postgres://${encodeURIComponent(db.DB_USERNAME)}:${encodeURIComponent(db.DB_PASSWORD)}@${db.DB_HOST}:${db.DB_PORT}/${dbName}`
}

/** Both providers through the admin API; answers the admin's bearer token. */
async function checkProviders(backend: string): Promise<string> {
  step("GET /admin/payments/payment-providers as an admin")
  const login = await fetch(`${backend}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await login.json()) as { token?: string }
  if (!token) throw new Error(`admin login failed: ${login.status}`)
  const answer = await fetch(
    `${backend}/admin/payments/payment-providers?limit=100`,
    { headers: { authorization: `Bearer ${token}` } }
  )
  const body = (await answer.json()) as {
    payment_providers?: Array<{ id: string }>
  }
  const ids = (body.payment_providers ?? []).map((p) => p.id)
  const missing = PROVIDERS.filter((id) => !ids.includes(id))
  if (answer.status !== 200 || missing.length)
    throw new Error(
      `providers missing (${answer.status}): ${missing.join(", ")}; listed: ${ids.join(", ")}`
    )
  step(`both providers listed: ${PROVIDERS.join(", ")}`)
  return token
}

// A fresh connection per request: reusing an idle one the loaded dev server is closing read as ECONNRESET
setGlobalDispatcher(new Agent({ pipelining: 0 }))

async function main(): Promise<void> {
  const work = mkdtempSync(join(scratchFolder(), "acquiring-install-"))
  if (!process.env.ACQUIRING_KEEP_INSTALL_DIR)
    cleanups.push(() => rmSync(work, { recursive: true, force: true }))
  const store = join(work, "store")

  const tarball = await packPlugin(ROOT, work)
  await installStockStore(store, tarball)
  step(
    `one copy of each library the dashboard shares: ${assertOneCopyEach(store)}`
  )
  await run("npm", ["ls"], { cwd: store })
  await run("npm", ["ls", "--all", "medusa-payment-acquiring"], { cwd: store })
  step("npm ls is clean")
  await compileConsumer(store)

  const sandboxUrl = await startSandbox(store)
  const databaseUrl = await createDatabase()
  const port = await freeLoopbackPort()
  const backend = `http://127.0.0.1:${port}`
  const env = {
    DATABASE_URL: databaseUrl,
    STORE_CORS: "http://127.0.0.1:8000",
    // the admin is served by the store itself, on its own address
    ADMIN_CORS: backend,
    AUTH_CORS: `http://127.0.0.1:8000,${backend}`,
    JWT_SECRET: randomBytes(16).toString("hex"),
    COOKIE_SECRET: randomBytes(16).toString("hex"),
    // The README's sandbox .env, with the ports of this run.
    ACQUIRING_BASE_URL: sandboxUrl,
    ACQUIRING_MERCHANT_ID: "10001",
    ACQUIRING_ACCOUNT_ID: "10001001",
    ACQUIRING_SIGN_KEY: "sandbox-sign-key-0001",
    ACQUIRING_MODE: "test",
    ACQUIRING_THREE_D_SECURE: "always",
    STORE_URL: "http://localhost:8000",
    MEDUSA_BACKEND_URL: backend,
    HOST: "127.0.0.1",
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    LOG_LEVEL: "error",
  }

  step("npx medusa db:migrate")
  const migrating = Date.now()
  await run("npx", ["--no-install", "medusa", "db:migrate"], {
    cwd: store,
    env,
  })
  // the same work every run: the later waits are that many times the reference machine's (time-budget.ts)
  process.env[SLOWNESS_VARIABLE] ??= String(
    slownessOf(
      (Date.now() - migrating) / 1000,
      REFERENCE_STORE_MIGRATION_SECONDS
    )
  )
  step(`migrated: time budgets × ${process.env[SLOWNESS_VARIABLE]}`)
  await run(
    "npx",
    ["--no-install", "medusa", "user", "-e", ADMIN.email, "-p", ADMIN.password],
    { cwd: store, env }
  )

  // development mode, as a merchant tries the admin: over plain http,
  // production mode marks the session cookie secure and the login is lost
  step(
    "npx medusa develop on 127.0.0.1 (the admin from the store's own node_modules)"
  )
  await startServer(
    "npx",
    [
      "--no-install",
      "medusa",
      "develop",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: store,
      // Vite's hot-reload socket listens on every interface unless told
      env: { ...env, LOG_LEVEL: "info", HMR_BIND_HOST: "127.0.0.1" },
      ready: /Server is ready|Admin URL|listening/i,
      timeoutMs: budget(180_000),
    }
  )
  // Vite compiles the dashboard on its first request: let it start while the data is made
  for (const file of ["entry.jsx", "index.css"])
    void fetch(`${backend}/app/${file}`).catch(() => undefined)

  const token = await checkProviders(backend)
  step("an order paid with the sandbox's test card, a customer and a payout")
  const data = await createStoreData(backend, token)
  step(
    `order ${data.orderId}, customer ${data.customerId}, payout ${data.payoutId}`
  )

  step("every page and widget the plugin adds, in Chromium")
  const screenshots = await checkAdminPages({
    origin: backend,
    login: ADMIN,
    pages: pluginPages(data),
    screenshots: SCREENSHOTS,
    log: step,
  })
  step(`screenshots: ${screenshots.join(", ")}`)
}

/**
 * For the table `npm test` ends with (scripts/test-times.mjs), which repeats
 * a failure's reason: beside jest, the check's own lines land far up a log
 * whose end is what CI shows.
 */
function recordTime(passed: boolean, failure?: string): void {
  const dir = join(ROOT, ".artifacts", "test-times")
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, "install-check.json"),
    JSON.stringify({ seconds: Number.parseFloat(elapsed()), passed, failure })
  )
}

main()
  .then(async () => {
    await stopAll()
    recordTime(true)
    console.log(`Install check passed in ${elapsed()}`)
    process.exit(0)
  })
  .catch(async (error) => {
    const failure = `${error instanceof Error ? error.message : String(error)}${error?.cause ? ` (${error.cause})` : ""}`
    console.error(`Install check FAILED after ${elapsed()}: ${failure}`)
    console.error(serverOutputTails())
    await stopAll()
    recordTime(false, failure)
    process.exit(1)
  })
