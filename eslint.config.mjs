// ESLint 9 flat config: typescript-eslint's recommended rules, Prettier owns
// the formatting, and the one-way arrows between the layers are checked here.
import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import importPlugin from "eslint-plugin-import"
import tseslint from "typescript-eslint"

/** A folder of src that may import only from itself and the folders named. */
function layer(folder, below, message) {
  return [
    {
      target: `./src/${folder}`,
      from: "./src",
      except: [
        `./${folder}`,
        ...below.filter((name) => name !== folder).map((name) => `./${name}`),
      ],
      message:
        message ??
        (below.length
          ? `src/${folder} may import only from src/${below.join(", src/")}.`
          : `src/${folder} imports nothing else from src.`),
    },
  ]
}

/**
 * The plugin's concerns, one folder each, named from the domain, from the
 * core up: a concern imports from the folders below the concerns and from
 * the concerns listed before it, never from one after it, so no two import
 * each other (docs/design.md, "Layers").
 */
const CONCERNS = [
  // the core: the session record, the journal, accounts and options, the
  // acquirer calls, Medusa's payments as the plugin reads them, a session's access
  "payment-sessions",
  "journal",
  "accounts",
  "acquirer-calls",
  "order-payments",
  "session-access",
  // the operations, each on the core and on those before it
  "saved-cards",
  "instance-health",
  "payouts",
  "retention",
  "capture",
  "chargebacks",
  "order-changes",
  "availability",
  "payment-history",
  "refunds",
  "cancellation",
  "payment-methods",
  "request-log",
  "subscriptions",
  "authorization",
  "bank-transfers",
  "checkout",
  "risk-review",
  "payment-links",
  "renewals",
  "reconciliation",
  "authorization-lapses",
  "merchant-charges",
  "notifications",
  // the admin's read model of a payment, over all of them
  "payment-detail",
  // the figures of every payment of a period
  "payments-overview",
]

/** What the concerns build on. */
const BELOW_CONCERNS = [
  "admin-contract",
  "csv-export",
  "deadlines",
  "gateway",
  "input-hardening",
  "locking",
  "modules",
  "money",
  "page-security",
  "velocity",
]

/** Tests and their fixtures, never shipped. */
const TESTS = [
  "src/**/*.test.ts",
  "src/**/*.test.tsx",
  "src/**/__fixtures__/**",
]

/**
 * The one-way arrows between the folders of src. `above(concern, index)`
 * names the concerns a concern may import: those before it for the code,
 * any for its tests (a test builds its scene from what it needs).
 */
function arrows(above) {
  return [
    {
      target: "./src/gateway",
      from: "./src",
      except: ["./gateway"],
      message: "src/gateway must not import from elsewhere in src.",
    },
    {
      target: "./src/sandbox",
      from: "./src",
      except: ["./gateway", "./sandbox"],
      message: "src/sandbox may import only from src/gateway.",
    },
    // below the concerns: each imports only from the folders named
    ...layer("admin", ["gateway", "admin-contract"]),
    // what the admin's routes answer and its forms send: types and zod only, bundled for the browser too
    ...layer("admin-contract", ["gateway"]),
    ...layer("money", []),
    ...layer("csv-export", []),
    ...layer("locking", ["deadlines"]),
    ...layer("deadlines", []),
    ...layer("input-hardening", ["gateway"]),
    ...layer("page-security", ["gateway"]),
    ...layer("velocity", ["gateway"]),
    ...layer("modules", ["admin-contract", "gateway", "velocity"]),
    // each concern on what lies below the concerns and on the concerns
    // before it, never on Medusa's doors (api, subscribers, jobs, workflows, providers)
    ...CONCERNS.flatMap((concern, index) =>
      layer(
        concern,
        [...BELOW_CONCERNS, ...above(index)],
        `src/${concern} may import from the folders below the concerns and from the concerns before it in eslint.config.mjs's CONCERNS, never from one after it (${CONCERNS.slice(index + 1).join(", ")}).`
      )
    ),
    ...layer("providers", [...BELOW_CONCERNS, ...CONCERNS]),
    ...layer("workflows", CONCERNS),
    ...layer("subscribers", [...BELOW_CONCERNS, ...CONCERNS]),
    ...layer("jobs", [...BELOW_CONCERNS, ...CONCERNS, "workflows"]),
    ...layer("api", [...BELOW_CONCERNS, ...CONCERNS, "workflows"]),
  ]
}

/** The arrows as ESLint checks them on `files` (import/no-restricted-paths). */
function arrowsFor(files, above) {
  return {
    ...files,
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": {
        node: { extensions: [".ts", ".tsx", ".js", ".json"] },
      },
    },
    rules: {
      "import/no-restricted-paths": ["error", { zones: arrows(above) }],
    },
  }
}

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".medusa/**",
      ".cache/**",
      "coverage/**",
      "dist/**",
      "packages/storefront/dist/**",
      "**/.next/**",
      "**/*.js",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Medusa's containers, test-utils and HTTP answers are untyped at the seams.
      "@typescript-eslint/no-explicit-any": "off",
      // Medusa loads config and a few ESM-only packages through require().
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
    },
  },
  {
    // Tests feed codecs raw bytes on purpose.
    files: ["**/*.test.ts", "integration-tests/**/*.ts"],
    rules: { "no-control-regex": "off" },
  },
  // The layering: the gateway is framework-free and stands alone; the
  // sandbox builds only on the gateway; neither reaches the Medusa glue.
  arrowsFor(
    { files: ["src/**/*.ts", "src/**/*.tsx"], ignores: TESTS },
    (index) => CONCERNS.slice(0, index)
  ),
  // a test may gather concerns in any order; the rest of the arrows hold for it too
  arrowsFor({ files: TESTS }, () => CONCERNS),
  {
    // Medusa's folders are doors: a file there parses, calls one concern and answers
    files: [
      "src/api/**/*.ts",
      "src/subscribers/**/*.ts",
      "src/jobs/**/*.ts",
      "src/workflows/**/*.ts",
    ],
    ignores: ["**/*.test.ts"],
    rules: {
      "max-lines": [
        "error",
        { max: 40, skipBlankLines: true, skipComments: true },
      ],
    },
  },
  prettier
)
