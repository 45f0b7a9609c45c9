/**
 * The local stack for development: a PostgreSQL (embedded, or the one named
 * by ACQUIRING_TEST_DATABASE_URL), the sandbox acquiring service and a Medusa
 * app with the built plugin, all on 127.0.0.1. `npm run demo` runs on it; the
 * integration tests take its database and its Medusa config.
 */
import "./quiet-logs"
import { DEFAULT_SANDBOX_ACCOUNT, startSandbox } from "../../src/sandbox"
import {
  DATABASE_URL_VARIABLE,
  databaseEnvFromUrl,
  freeLoopbackPort,
  startEmbeddedDatabase,
} from "./database"
import { keepServersOnLoopback } from "./loopback"
import { bootMedusa, type MedusaApp } from "./medusa-app"

/** The folder of the stack's medusa-config.ts (the app's cwd). */
export const LOCAL_STACK_APP_DIR = __dirname

export type LocalStack = {
  backendUrl: string
  sandboxUrl: string
  app: MedusaApp
  stop(): Promise<void>
}

/**
 * Starts the three parts in dependency order (the provider reads the
 * sandbox's address when Medusa boots) and stops them in reverse, also when a
 * later part fails to start. `progress` hears what is about to start,
 * `started` what it turned out to be.
 */
export async function startLocalStack(
  progress: (text: string) => void = () => undefined,
  started: (text: string) => void = () => undefined,
  /** a sandbox already running (the peak bench's, in a process of its own), holding the default account */
  { sandboxUrl }: { sandboxUrl?: string } = {}
): Promise<LocalStack> {
  keepServersOnLoopback()
  const stops: Array<() => Promise<unknown>> = []
  const stop = async () => {
    for (const part of stops.reverse()) {
      await part().catch((error: Error) =>
        console.error(`     (while stopping: ${error.message})`)
      )
    }
  }
  try {
    const existing = process.env[DATABASE_URL_VARIABLE]
    progress(
      existing
        ? `Using the PostgreSQL named by ${DATABASE_URL_VARIABLE}`
        : "Starting an embedded PostgreSQL on localhost"
    )
    const database = existing ? undefined : await startEmbeddedDatabase()
    if (database) stops.push(() => database.stop())
    const dbEnv = existing ? databaseEnvFromUrl(existing) : database!.env
    Object.assign(process.env, dbEnv)
    started(
      database
        ? `PostgreSQL is up on ${dbEnv.DB_HOST}:${dbEnv.DB_PORT}; its files are deleted when the stack stops`
        : `using ${dbEnv.DB_HOST}:${dbEnv.DB_PORT}; the stack's database there is dropped when it stops`
    )

    const sandbox = sandboxUrl
      ? { url: sandboxUrl }
      : await startOwnSandbox(progress, stops)
    Object.assign(process.env, {
      ACQUIRING_SANDBOX_URL: sandbox.url,
      ACQUIRING_MERCHANT_ID: DEFAULT_SANDBOX_ACCOUNT.merchant_id,
      ACQUIRING_ACCOUNT_ID: DEFAULT_SANDBOX_ACCOUNT.account_id,
      ACQUIRING_SIGN_KEY: DEFAULT_SANDBOX_ACCOUNT.sign_key,
      PORT: process.env.PORT ?? String(await freeLoopbackPort()),
    })
    started(
      `the sandbox listens at ${sandbox.url} for merchant ${DEFAULT_SANDBOX_ACCOUNT.merchant_id}, account ${DEFAULT_SANDBOX_ACCOUNT.account_id}`
    )

    progress(
      "Booting Medusa with the plugin (create database, migrate, sync links, listen)"
    )
    const app = await bootMedusa(LOCAL_STACK_APP_DIR)
    stops.push(() => app.stop())
    started(
      `Medusa listens at http://127.0.0.1:${app.port} with the plugin loaded`
    )
    return {
      backendUrl: `http://127.0.0.1:${app.port}`,
      sandboxUrl: sandbox.url,
      app,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function startOwnSandbox(
  progress: (text: string) => void,
  stops: Array<() => Promise<unknown>>
): Promise<{ url: string }> {
  progress("Starting the sandbox acquiring service")
  const sandbox = await startSandbox({
    port: 0,
    accounts: [DEFAULT_SANDBOX_ACCOUNT],
  })
  stops.push(() => sandbox.close())
  return sandbox
}
