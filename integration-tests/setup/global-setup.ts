import { spawn } from "node:child_process"
import { resolve } from "node:path"
import {
  DATABASE_URL_VARIABLE,
  databaseEnvFromUrl,
  startEmbeddedDatabase,
} from "../../dev/local-stack/database"
import { PLUGIN_ROOT_VARIABLE, snapshotBuiltPlugin } from "./plugin-snapshot"
import { TEMPLATE_DATABASE_VARIABLE } from "./template-variable"
import { SLOWNESS_VARIABLE, slownessOf } from "./time-budget"

/**
 * Gives the integration project a PostgreSQL (the one named by
 * ACQUIRING_TEST_DATABASE_URL, or an embedded one started here) and a
 * private copy of the built plugin, and a database migrated once that every
 * test file copies. The runner reads DB_* from the environment, which jest
 * hands on to every test file.
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env.ACQUIRING_TEST_REDIS_URL)
    console.info(
      "\nACQUIRING_TEST_REDIS_URL is not set: the specs of a server and a worker on Redis (integration-tests/**/*.redis.spec.ts) are left out. Name a Redis to run them, e.g. ACQUIRING_TEST_REDIS_URL=redis://127.0.0.1:6379"
    )
  process.env[PLUGIN_ROOT_VARIABLE] = await snapshotBuiltPlugin(
    resolve(__dirname, "..", "..")
  )
  const existing = process.env[DATABASE_URL_VARIABLE]
  const started = existing ? undefined : await startEmbeddedDatabase()
  const env = existing ? databaseEnvFromUrl(existing) : started!.env
  Object.assign(process.env, env)
  // Medusa logs every migration at info level; keep test output readable.
  process.env.LOG_LEVEL ??= "error"
  globalThis.__acquiringEmbeddedDatabase = started
  const migrating = Date.now()
  process.env[TEMPLATE_DATABASE_VARIABLE] = await migrateTemplate()
  // the same work on every run: how much slower than the reference this machine is now (time-budget.ts)
  const seconds = (Date.now() - migrating) / 1000
  process.env[SLOWNESS_VARIABLE] ??= String(slownessOf(seconds))
  console.info(
    `The template database migrated in ${seconds.toFixed(1)} s: time budgets × ${process.env[SLOWNESS_VARIABLE]}`
  )
  // unpacked once here: browser specs starting together in two workers
  // would otherwise write the same file while the other launches it (ETXTBSY)
  if (!process.env.CHROME_PATH)
    process.env.CHROME_PATH = await (
      await import("@sparticuz/chromium")
    ).default.executablePath()
}

/** Migrates the schema once; each test file copies it (acquiring-suite.ts) instead of migrating for 10 s. */
async function migrateTemplate(): Promise<string> {
  const name = `acquiring_template_${process.pid}_${Date.now()}`
  const child = spawn(
    process.execPath,
    [
      "-r",
      "ts-node/register/transpile-only",
      resolve(__dirname, "template-database.ts"),
      name,
    ],
    {
      // the plugin's options do not change the schema: none are needed to migrate
      // ts-node transpiling with swc rather than TypeScript's compiler: about 0.5 s less per start
      env: {
        ...process.env,
        ACQUIRING_TEST_EMPTY_OPTIONS: "1",
        TS_NODE_SWC: "true",
      },
      stdio: ["ignore", "inherit", "inherit"],
    }
  )
  const code = await new Promise<number | null>((done) =>
    child.on("exit", done)
  )
  if (code !== 0)
    throw new Error(`migrating the template database failed (exit ${code})`)
  return name
}
