/**
 * `npm run test:install`: the plugin as a merchant gets it. Packs the
 * package, creates a stock Medusa store (package.json shaped like Medusa's
 * starter) in a temporary folder, installs the tarball with plain `npm
 * install`, checks `npm ls`, compiles a consumer file against the packed
 * types, starts `npx acquiring-sandbox`, migrates on an embedded PostgreSQL,
 * boots the store and sees both providers through the admin API. Everything
 * listens on 127.0.0.1; npm may use its cache and the registry. Exits 1 on
 * the first failure and prints the duration either way.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { Client } from "pg"
import {
  DATABASE_URL_VARIABLE,
  databaseEnvFromUrl,
  freeLoopbackPort,
  startEmbeddedDatabase,
} from "../../dev/local-stack/database"
import { storePackageJson, STORE_TSCONFIG } from "./store-package"
import { startingCommands } from "../docs/shell-commands"

const ROOT = resolve(__dirname, "..", "..")
const PROVIDERS = [
  "pp_acquiring-card_acquiring",
  "pp_acquiring-hosted_acquiring",
]
/** What `--reuse-build` needs from the build before packing. */
const BUILT_ENTRIES = [
  ".medusa/server/src/providers/acquiring/index.js",
  ".medusa/server/src/admin/index.js",
]
const ADMIN = { email: "admin@install-check.test", password: "install-check-1" }
const started = Date.now()
const cleanups: Array<() => Promise<unknown> | unknown> = []

function elapsed(): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`
}
function step(text: string): void {
  console.log(`[install ${elapsed()}] ${text}`)
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv }
): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("error", fail)
    child.on("close", (code) =>
      code === 0
        ? done(output)
        : fail(
            new Error(
              `${command} ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`
            )
          )
    )
  })
}

/** Starts a long-running command and waits for a line matching `ready`. */
function startServer(
  command: string,
  args: string[],
  options: {
    cwd: string
    env?: NodeJS.ProcessEnv
    ready: RegExp
    timeoutMs: number
  }
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    })
    cleanups.push(() => stopProcessGroup(child))
    let output = ""
    const timer = setTimeout(
      () =>
        fail(
          new Error(
            `${command} ${args.join(" ")} not ready in ${options.timeoutMs} ms:\n${output.slice(-4000)}`
          )
        ),
      options.timeoutMs
    )
    const watch = (chunk: Buffer) => {
      output += chunk
      const match = output.match(options.ready)
      if (match) {
        clearTimeout(timer)
        done({ child, match })
      }
    }
    child.stdout!.on("data", watch)
    child.stderr!.on("data", watch)
    child.on("exit", (code) => {
      clearTimeout(timer)
      fail(
        new Error(
          `${command} ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`
        )
      )
    })
  })
}

/** npx and medusa start child processes: stop the whole group this script started. */
function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined)
    return Promise.resolve()
  return new Promise((done) => {
    child.once("exit", () => done())
    try {
      process.kill(-child.pid!, "SIGTERM")
    } catch {
      done()
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL")
      } catch {
        // already gone
      }
      done()
    }, 5_000).unref()
  })
}

/** Packs the plugin into `work` and checks what the package ships; answers the tarball's path. */
async function packPlugin(work: string): Promise<string> {
  // `npm test` has just built the plugin: packing it as built spares a second build
  const reuse = process.argv.includes("--reuse-build")
  if (reuse)
    for (const built of BUILT_ENTRIES)
      if (!existsSync(join(ROOT, built)))
        throw new Error(`--reuse-build: ${built} is missing; run npm run build`)
  step(
    reuse
      ? "npm pack of the plugin as built"
      : "npm pack (prepack builds the plugin)"
  )
  await run(
    "npm",
    [
      "pack",
      "--pack-destination",
      work,
      ...(reuse ? ["--ignore-scripts"] : []),
    ],
    { cwd: ROOT }
  )
  const tarballName = readdirSync(work).find((name) => name.endsWith(".tgz"))
  if (!tarballName) throw new Error("npm pack wrote no tarball")
  const tarball = join(work, tarballName)
  const shipped = (await run("tar", ["-tzf", tarball], { cwd: work }))
    .split("\n")
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ""))
  for (const required of [
    "README.md",
    "medusa-config.example.ts",
    "docs/sandbox.md",
    ".medusa/server/src/gateway/index.d.ts",
    ".medusa/server/src/sandbox/index.d.ts",
    ".medusa/server/src/providers/acquiring/index.d.ts",
    ".medusa/server/src/sandbox/cli.js",
  ]) {
    if (!shipped.includes(required))
      throw new Error(`the package lacks ${required}`)
  }
  const testDoubles = shipped.filter((path) =>
    /__fixtures__|__tests__|\.test\.|\.spec\./.test(path)
  )
  if (testDoubles.length)
    throw new Error(`the package ships test files: ${testDoubles.join(", ")}`)
  step(`packed ${tarballName}: ${shipped.length} files`)
  return tarball
}

/** A stock Medusa store (package.json shaped like Medusa's starter) in `store`, installed. */
async function installStockStore(
  store: string,
  npmFlags: string[]
): Promise<void> {
  step("a stock Medusa store: npm install")
  const medusaVersion = JSON.parse(
    readFileSync(
      join(ROOT, "node_modules", "@medusajs", "medusa", "package.json"),
      "utf8"
    )
  ).version
  mkdirSync(store)
  writeFileSync(
    join(store, "package.json"),
    JSON.stringify(storePackageJson(medusaVersion), null, 2)
  )
  writeFileSync(
    join(store, "tsconfig.json"),
    JSON.stringify(STORE_TSCONFIG, null, 2)
  )
  copyFileSync(
    join(__dirname, "store-medusa-config.ts"),
    join(store, "medusa-config.ts")
  )
  await run("npm", ["install", ...npmFlags], { cwd: store })
  step("the stock store is installed")
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "acquiring-install-"))
  if (!process.env.ACQUIRING_KEEP_INSTALL_DIR)
    cleanups.push(() => rmSync(work, { recursive: true, force: true }))
  const store = join(work, "store")
  const npmFlags = ["--no-audit", "--no-fund", "--prefer-offline"]

  // packing and the stock store's own install do not depend on each other: side by side
  const [tarball] = await Promise.all([
    packPlugin(work),
    installStockStore(store, npmFlags),
  ])

  step("npm install <the packed plugin> (no --legacy-peer-deps)")
  await run("npm", ["install", ...npmFlags, tarball], { cwd: store })
  await run("npm", ["ls"], { cwd: store })
  await run("npm", ["ls", "--all", "medusa-payment-acquiring"], { cwd: store })
  step("npm ls is clean")

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

  // the sandbox command the README and docs/sandbox.md give, run exactly as written
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
    timeoutMs: 30_000,
  })
  const sandboxUrl = sandbox.match[1]
  step(`sandbox at ${sandboxUrl}`)

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

  const port = await freeLoopbackPort()
  const backend = `http://127.0.0.1:${port}`
  const env = {
    DATABASE_URL: `postgres://${encodeURIComponent(db.DB_USERNAME)}:${encodeURIComponent(db.DB_PASSWORD)}@${db.DB_HOST}:${db.DB_PORT}/${dbName}`,
    STORE_CORS: "http://127.0.0.1:8000",
    ADMIN_CORS: "http://127.0.0.1:9000",
    AUTH_CORS: "http://127.0.0.1:8000,http://127.0.0.1:9000",
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
  await run("npx", ["--no-install", "medusa", "db:migrate"], {
    cwd: store,
    env,
  })
  await run(
    "npx",
    ["--no-install", "medusa", "user", "-e", ADMIN.email, "-p", ADMIN.password],
    { cwd: store, env }
  )

  step("npx medusa start on 127.0.0.1")
  await startServer(
    "npx",
    [
      "--no-install",
      "medusa",
      "start",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: store,
      env: { ...env, LOG_LEVEL: "info" },
      ready: /Server is ready|Admin URL|listening/i,
      timeoutMs: 120_000,
    }
  )

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
    {
      headers: { authorization: `Bearer ${token}` },
    }
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
}

async function stopAll(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.error(`(while cleaning up: ${(error as Error).message})`)
    }
  }
}

main()
  .then(async () => {
    await stopAll()
    console.log(`Install check passed in ${elapsed()}`)
    process.exit(0)
  })
  .catch(async (error) => {
    console.error(
      `Install check FAILED after ${elapsed()}: ${error instanceof Error ? error.message : String(error)}`
    )
    await stopAll()
    process.exit(1)
  })
