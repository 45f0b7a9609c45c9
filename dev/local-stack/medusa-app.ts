import { randomBytes } from "node:crypto"

/** A Medusa app booted in this process, listening on 127.0.0.1. */
export type MedusaApp = {
  port: number
  // Medusa's container: typed loosely, as test-utils' runner hands it out.
  container: any
  stop(): Promise<void>
}

/**
 * Boots Medusa the way @medusajs/test-utils' integration runner does, outside
 * jest: a fresh database, migrations, link sync, then listen on PORT. Call it
 * after DB_* and PORT are in the environment.
 */
export async function bootMedusa(appDir: string): Promise<MedusaApp> {
  const dbName = `medusa_acquiring_dev_${randomBytes(3).toString("hex")}`
  const { runner, credentials, loaded } = await migratedDatabase(appDir, dbName)
  const { container, appLoader, configModule, logger } = loaded
  const { getResolvedPlugins } = require("@medusajs/framework/utils")
  const { loadSearchIndexes } = require("@medusajs/medusa/loaders/search")
  await loadSearchIndexes({
    plugins: await getResolvedPlugins(appDir, configModule, true),
    configModule,
    logger,
  })
  await appLoader.load()
  await runner.migrateSearchIndexes(container, logger)

  const app = await startLoaded(appDir, loaded)
  return {
    ...app,
    async stop() {
      await app.stop()
      await runner
        .dropDatabase(
          { databaseName: dbName, errorIfNonExist: false },
          credentials
        )
        .catch(() => undefined)
      await runner.closeWaitingroomClient()
    },
  }
}

/**
 * Creates `dbName` and brings it to the app's schema: migrations of Medusa's
 * modules and the plugin's, and link tables. Call it after DB_* are in the
 * environment.
 */
export async function migratedDatabase(appDir: string, dbName: string) {
  // Loaded only now: these modules read DB_* when they load.
  const runner = require("@medusajs/test-utils/dist/medusa-test-runner-utils")
  const { getDatabaseURL } = require("@medusajs/test-utils/dist/database")
  const { Migrator } = require("@medusajs/framework/migrations")
  const credentials = {
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD,
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
  }
  await runner.createDatabase(
    { databaseName: dbName, errorIfExist: false },
    credentials
  )
  const loaded = await loadMedusa(appDir, getDatabaseURL(dbName))
  const { container, appLoader, logger } = loaded
  await new Migrator({ container }).ensureMigrationsTable()
  await runner.migrateDatabase(appLoader)
  await runner.syncLinks(appLoader, appDir, container, logger)
  await runner.clearInstances()
  return { runner, credentials, loaded }
}

/**
 * Starts one more instance of Medusa on a database another instance already
 * migrated (several instances behind one load balancer), listening on PORT.
 */
export async function attachMedusa(
  appDir: string,
  databaseUrl: string
): Promise<MedusaApp> {
  const loaded = await loadMedusa(appDir, databaseUrl)
  await loaded.appLoader.load()
  return startLoaded(appDir, loaded)
}

type LoadedMedusa = {
  runner: any
  container: any
  appLoader: any
  configModule: any
  logger: any
  pgConnection: any
}

/** Reads the app's config (with its plugins' modules) and connects to `databaseUrl`. */
async function loadMedusa(
  appDir: string,
  databaseUrl: string
): Promise<LoadedMedusa> {
  const runner = require("@medusajs/test-utils/dist/medusa-test-runner-utils")
  const { asValue } = require("@medusajs/framework/awilix")
  const { logger } = require("@medusajs/framework/logger")
  const {
    ContainerRegistrationKeys,
    getResolvedPlugins,
    mergePluginModules,
  } = require("@medusajs/framework/utils")
  await runner.configLoaderOverride(appDir, {
    clientUrl: databaseUrl,
    debug: false,
  })
  const {
    container,
    MedusaAppLoader,
    pgConnectionLoader,
  } = require("@medusajs/framework")
  const appLoader = new MedusaAppLoader({
    medusaConfigPath: appDir,
    cwd: appDir,
  })
  const configModule = container.resolve(
    ContainerRegistrationKeys.CONFIG_MODULE
  )
  mergePluginModules(
    configModule,
    await getResolvedPlugins(appDir, configModule),
    appDir
  )
  container.register({ [ContainerRegistrationKeys.LOGGER]: asValue(logger) })
  const pgConnection = await pgConnectionLoader()
  return { runner, container, appLoader, configModule, logger, pgConnection }
}

async function startLoaded(
  appDir: string,
  { runner, pgConnection }: LoadedMedusa
): Promise<MedusaApp> {
  const started = await runner.startApp({ cwd: appDir, env: {} })
  return {
    port: started.port as number,
    container: started.container,
    async stop() {
      await started.shutdown()
      await runner.clearInstances()
      await pgConnection?.destroy?.()
    },
  }
}
