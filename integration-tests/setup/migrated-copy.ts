/*
 * A test file's database is a copy of the run's migrated one
 * (helpers/database-copy.ts), migrated with the same modules and links.
 * Medusa's runner would still load every module to find nothing to migrate
 * and every link to find nothing to sync: about 7 s of each file's boot.
 * A file on Medusa's Redis modules (another workflow engine) migrates as usual.
 */
jest.mock("@medusajs/test-utils/dist/medusa-test-runner-utils", () => {
  const actual = jest.requireActual(
    "@medusajs/test-utils/dist/medusa-test-runner-utils"
  )
  const { TEMPLATE_DATABASE_VARIABLE } = jest.requireActual(
    "./template-variable"
  )
  const copied = () =>
    !!process.env[TEMPLATE_DATABASE_VARIABLE] &&
    process.env.ACQUIRING_TEST_DEPLOYMENT !== "redis"
  return {
    ...actual,
    migrateDatabase: (...args: unknown[]) =>
      copied() ? Promise.resolve() : actual.migrateDatabase(...args),
    syncLinks: (...args: unknown[]) =>
      copied() ? Promise.resolve() : actual.syncLinks(...args),
  }
})
