/** Names the migrated database test files copy (global-setup.ts makes it, acquiring-suite.ts copies it). */
export const TEMPLATE_DATABASE_VARIABLE = "ACQUIRING_TEST_TEMPLATE_DATABASE"
