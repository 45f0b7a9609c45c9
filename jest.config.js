const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", decorators: true },
      target: "es2021",
    },
  },
]

module.exports = {
  // the longest files first, so both workers end together (a fresh clone has no timings of its own)
  // each file's and test's time, for the table npm test ends with (scripts/test-times.mjs)
  reporters: [
    "default",
    "<rootDir>/integration-tests/setup/suite-times-reporter.js",
  ],
  testSequencer: "<rootDir>/integration-tests/setup/slow-first-sequencer.js",
  projects: [
    {
      displayName: "unit",
      testEnvironment: "node",
      transform: { "^.+\\.[jt]s$": swc },
      moduleFileExtensions: ["js", "ts", "json"],
      // docs/*.test.ts check that the documents name what the code has
      // integration-tests/helpers/*.test.ts check the suite's own judges (the card scan)
      // bench/*.test.ts check the benchmark's arithmetic (medians, ratios, verdicts)
      testMatch: [
        "<rootDir>/src/**/*.test.ts",
        "<rootDir>/docs/*.test.ts",
        "<rootDir>/integration-tests/helpers/*.test.ts",
        "<rootDir>/bench/*.test.ts",
      ],
      setupFilesAfterEnv: ["<rootDir>/integration-tests/setup/test-timeout.ts"],
      // Specs against a real Redis run only where one is named.
      testPathIgnorePatterns: process.env.ACQUIRING_TEST_REDIS_URL
        ? ["/node_modules/"]
        : ["/node_modules/", "\\.redis\\.test\\.ts$"],
    },
    {
      displayName: "storefront",
      testEnvironment: "jsdom",
      transform: {
        "^.+\\.[jt]sx?$": [
          "@swc/jest",
          {
            jsc: {
              parser: { syntax: "typescript", tsx: true },
              transform: { react: { runtime: "automatic" } },
              target: "es2021",
            },
          },
        ],
      },
      moduleFileExtensions: ["js", "ts", "tsx", "json"],
      // The kit's sources import "./x.js" as ESM needs; jest finds "./x.ts".
      moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
      testMatch: ["<rootDir>/storefront/**/*.test.ts?(x)"],
      setupFilesAfterEnv: ["<rootDir>/integration-tests/setup/test-timeout.ts"],
    },
    {
      displayName: "integration",
      testEnvironment: "node",
      transform: { "^.+\\.[jt]s$": swc },
      moduleFileExtensions: ["js", "ts", "json"],
      testMatch: ["<rootDir>/integration-tests/**/*.spec.ts"],
      // A server and a worker on Redis run only where one is named (the global setup says so).
      testPathIgnorePatterns: process.env.ACQUIRING_TEST_REDIS_URL
        ? ["/node_modules/"]
        : ["/node_modules/", "\\.redis\\.spec\\.ts$"],
      modulePathIgnorePatterns: ["<rootDir>/.medusa/"],
      // PostgreSQL for the whole run: ACQUIRING_TEST_DATABASE_URL or an embedded one.
      globalSetup: "<rootDir>/integration-tests/setup/global-setup.ts",
      globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.ts",
      // Every server on 127.0.0.1 and a fixed Medusa port per test file.
      setupFilesAfterEnv: [
        "<rootDir>/integration-tests/setup/loopback.ts",
        "<rootDir>/integration-tests/setup/migrated-copy.ts",
      ],
      // These Medusa files call import(), which jest's VM only allows with
      // --experimental-vm-modules; compiling them turns import() into require().
      transformIgnorePatterns: [
        "/node_modules/(?!@medusajs/(test-utils/dist/|medusa/dist/loaders/index\\.js|utils/dist/dal/mikro-orm/mikro-orm-create-connection\\.js|caching/dist/loaders/hash\\.js))",
      ],
    },
  ],
}
