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
  // Loaded only now: these modules read DB_* when they load.
  const runner = require("@medusajs/test-utils/dist/medusa-test-runner-utils")
  const { getDatabaseURL } = require("@medusajs/test-utils/dist/database")
  const { asValue } = require("@medusajs/framework/awilix")
  const { logger } = require("@medusajs/framework/logger")
  const { Migrator } = require("@medusajs/framework/migrations")
  const {
    ContainerRegistrationKeys,
    getResolvedPlugins,
    mergePluginModules,
  } = require("@medusajs/framework/utils")

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
  await runner.configLoaderOverride(appDir, {
    clientUrl: getDatabaseURL(dbName),
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

  await new Migrator({ container }).ensureMigrationsTable()
  await runner.migrateDatabase(appLoader)
  await runner.syncLinks(appLoader, appDir, container, logger)
  await runner.clearInstances()
  const { loadSearchIndexes } = require("@medusajs/medusa/loaders/search")
  await loadSearchIndexes({
    plugins: await getResolvedPlugins(appDir, configModule, true),
    configModule,
    logger,
  })
  await appLoader.load()
  await runner.migrateSearchIndexes(container, logger)

  const started = await runner.startApp({ cwd: appDir, env: {} })
  return {
    port: started.port as number,
    container: started.container,
    async stop() {
      await started.shutdown()
      await runner.clearInstances()
      await pgConnection?.destroy?.()
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
