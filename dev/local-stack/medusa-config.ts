import { join, resolve } from "node:path"
import { defineConfig } from "@medusajs/framework/utils"
import { STOREFRONT_RETURN_URL, TEST_JWT_SECRET } from "./app-constants"

/*
 * The Medusa app of the local stack (the demo and the integration tests):
 * the plugin as a consumer installs it (built into .medusa/server), with the
 * acquiring payment provider pointed at the sandbox started beside it. Read
 * once per boot.
 */
// The tests load a private copy of the build (setup/plugin-snapshot.ts); the demo the build itself.
const packageRoot =
  process.env.ACQUIRING_PLUGIN_ROOT ?? resolve(__dirname, "..", "..")
const providerPath = join(
  packageRoot,
  ".medusa",
  "server",
  "src",
  "providers",
  "acquiring"
)
const backendUrl = `http://127.0.0.1:${process.env.PORT ?? "9000"}`
// The browser tests serve the example storefront and send shoppers back to it.
const storefrontUrl = process.env.ACQUIRING_STOREFRONT_URL

// A spec about the worker's side of notifications hands them all to Medusa's queue ("queued"),
// or to the plugin's own ("worker", under the spec's Redis prefix).
const notificationHandling = process.env.ACQUIRING_TEST_NOTIFICATION_HANDLING
  ? {
      notification_handling: process.env.ACQUIRING_TEST_NOTIFICATION_HANDLING,
      ...(process.env.ACQUIRING_TEST_NOTIFICATION_HANDLING === "worker"
        ? {
            notification_queue: {
              redis_url: process.env.ACQUIRING_TEST_REDIS_URL,
              prefix: `${redisPrefix()}-acquiring`,
              // the bench's ACQUIRING_BENCH_PEAK_QUEUE_CONCURRENCY
              ...(process.env.ACQUIRING_TEST_NOTIFICATION_CONCURRENCY
                ? {
                    concurrency: Number(
                      process.env.ACQUIRING_TEST_NOTIFICATION_CONCURRENCY
                    ),
                  }
                : {}),
            },
          }
        : {}),
    }
  : {}

function acquiringProviders() {
  // A store as installed, before anyone filled in Settings → Acquiring: no options but that.
  if (process.env.ACQUIRING_TEST_EMPTY_OPTIONS === "1") {
    return [
      { resolve: providerPath, id: "acquiring", options: notificationHandling },
    ]
  }
  return [
    {
      resolve: providerPath,
      id: "acquiring",
      options: {
        base_url: process.env.ACQUIRING_SANDBOX_URL,
        merchant_id: process.env.ACQUIRING_MERCHANT_ID,
        account_id: process.env.ACQUIRING_ACCOUNT_ID,
        sign_key: process.env.ACQUIRING_SIGN_KEY,
        mode: "test",
        website: "https://shop.example.test",
        backend_url: backendUrl,
        storefront_return_url: storefrontUrl
          ? `${storefrontUrl}/checkout/return`
          : STOREFRONT_RETURN_URL,
        // The sandbox challenges only when 3-D Secure is asked for (open3d=do3DS).
        three_d_secure: "always",
        ...notificationHandling,
        // A spec that makes the service slower than the time-out sets a short one before Medusa boots.
        timeout_ms: Number(process.env.ACQUIRING_TEST_TIMEOUT_MS ?? 10_000),
        // A spec that waits for the order of a card payment the storefront never completed sets a short wait.
        ...(process.env.ACQUIRING_TEST_CARD_ORDER_WAIT_MS
          ? {
              card_order_wait_ms: Number(
                process.env.ACQUIRING_TEST_CARD_ORDER_WAIT_MS
              ),
            }
          : {}),
        // Every request of the local stack comes from 127.0.0.1 under one key: per-IP, per-key and
        // store-wide limits would count the whole test suite as one card tester. A spec that tests
        // the limits sets its own in ACQUIRING_TEST_VELOCITY (JSON) before Medusa boots.
        velocity: process.env.ACQUIRING_TEST_VELOCITY
          ? JSON.parse(process.env.ACQUIRING_TEST_VELOCITY)
          : {
              ip: { attempts: null, declines: null },
              publishable_key: { attempts: null, declines: null },
              breaker: null,
            },
      },
    },
  ]
}

/*
 * Locks every instance shares, in the Redis the tests were given (a spec
 * running two instances sets ACQUIRING_TEST_SHARED_LOCKS=1 before boot).
 * Without it Medusa keeps locks in the process, which serves one instance.
 * (PostgreSQL's advisory locks hold a pooled connection for as long as a
 * lock is held or awaited: under load that starves the pool.)
 */
function sharedLocking() {
  const redisUrl = process.env.ACQUIRING_TEST_REDIS_URL
  if (
    (process.env.ACQUIRING_TEST_SHARED_LOCKS !== "1" && !onRedis()) ||
    !redisUrl
  )
    return []
  return [
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/locking-redis",
            id: "locking-redis",
            is_default: true,
            options: { redisUrl, namespace: `${redisPrefix()}-lock:` },
          },
        ],
      },
    },
  ]
}

/*
 * Medusa as merchants deploy a server and a worker: the event bus, workflow
 * engine, cache and locks in Redis (a spec sets ACQUIRING_TEST_DEPLOYMENT=redis
 * and MEDUSA_WORKER_MODE before boot). Every queue and key carries the spec's
 * own prefix, so files and runs sharing one Redis never take each other's events.
 */
function onRedis(): boolean {
  return (
    process.env.ACQUIRING_TEST_DEPLOYMENT === "redis" &&
    !!process.env.ACQUIRING_TEST_REDIS_URL
  )
}

function redisPrefix(): string {
  return process.env.ACQUIRING_TEST_REDIS_PREFIX ?? "acquiring-test"
}

function redisDeployment() {
  const redisUrl = process.env.ACQUIRING_TEST_REDIS_URL
  if (!onRedis()) return []
  const prefix = redisPrefix()
  return [
    {
      resolve: "@medusajs/medusa/event-bus-redis",
      options: {
        redisUrl,
        queueName: `${prefix}-events`,
        queueOptions: { prefix },
        workerOptions: { prefix },
      },
    },
    {
      resolve: "@medusajs/medusa/workflow-engine-redis",
      options: {
        redis: {
          redisUrl,
          queueName: `${prefix}-workflows`,
          jobQueueName: `${prefix}-workflow-jobs`,
          queueOptions: { prefix },
          workerOptions: { prefix },
        },
      },
    },
    {
      resolve: "@medusajs/medusa/cache-redis",
      options: { redisUrl, namespace: `${prefix}-cache:` },
    },
  ]
}

// The admin browser tests serve the dashboard from its own loopback origin (integration-tests/helpers/admin-browser.ts).
const adminOrigins = [
  "http://127.0.0.1",
  process.env.ACQUIRING_TEST_ADMIN_ORIGIN,
]
  .filter(Boolean)
  .join(",")

const config = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      jwtSecret: TEST_JWT_SECRET,
      cookieSecret: "integration-cookie-secret",
      storeCors: ["http://127.0.0.1", storefrontUrl].filter(Boolean).join(","),
      adminCors: adminOrigins,
      // the storefront signs customers in (saved cards) as the admin signs users in
      authCors: [adminOrigins, storefrontUrl].filter(Boolean).join(","),
    },
  },
  admin: { disable: true },
  plugins: [{ resolve: packageRoot, options: {} }],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: { providers: acquiringProviders() },
    },
    {
      // the admin's feed as Medusa's default, and e-mails to customers written to the log (a real store names its e-mail provider)
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            options: {
              name: "Local Notification Provider",
              channels: ["feed"],
            },
          },
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local-email",
            options: {
              name: "E-mails written to the log",
              channels: ["email"],
            },
          },
        ],
      },
    },
    ...sharedLocking(),
    ...redisDeployment(),
  ],
})

// defineConfig always adds the draft-order plugin, a dev dependency here: left out where it is not installed.
config.plugins = config.plugins.filter((plugin) => {
  const name = typeof plugin === "string" ? plugin : plugin.resolve
  if (name !== "@medusajs/draft-order") {
    return true
  }
  try {
    require.resolve(`${name}/package.json`)
    return true
  } catch {
    return false
  }
})

export default config
