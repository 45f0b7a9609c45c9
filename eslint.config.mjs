// ESLint 9 flat config: typescript-eslint's recommended rules, Prettier owns
// the formatting, and the one-way arrows between the layers are checked here.
import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import importPlugin from "eslint-plugin-import"
import tseslint from "typescript-eslint"

/** A folder of src that may import only from itself and the folders named. */
function layer(folder, below) {
  return [
    {
      target: `./src/${folder}`,
      from: "./src",
      except: [`./${folder}`, ...below.map((name) => `./${name}`)],
      message: `src/${folder} may import only from src/${below.join(", src/")}.`,
    },
  ]
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
  {
    // The layering: the gateway is framework-free and stands alone; the
    // sandbox builds only on the gateway; neither reaches the Medusa glue.
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": {
        node: { extensions: [".ts", ".tsx", ".js", ".json"] },
      },
    },
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
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
            // the Medusa glue, lowest first: each folder imports only from those below it
            ...layer("admin", ["gateway"]),
            ...layer("locking", ["gateway"]),
            ...layer("input-hardening", ["gateway"]),
            ...layer("page-security", ["gateway"]),
            ...layer("velocity", ["gateway"]),
            ...layer("modules", ["gateway", "velocity"]),
            ...layer("providers", [
              "gateway",
              "input-hardening",
              "modules",
              "velocity",
            ]),
            ...layer("medusa-payments", ["gateway", "modules", "providers"]),
            ...layer("instance-health", ["gateway", "modules", "providers"]),
            ...layer("order-changes", ["gateway", "modules", "providers"]),
            ...layer("reconciliation", [
              "gateway",
              "locking",
              "medusa-payments",
              "modules",
              "providers",
            ]),
            ...layer("workflows", [
              "gateway",
              "locking",
              "medusa-payments",
              "modules",
              "providers",
              "reconciliation",
            ]),
            ...layer("subscribers", [
              "gateway",
              "instance-health",
              "locking",
              "medusa-payments",
              "modules",
              "providers",
              "reconciliation",
              "workflows",
            ]),
            ...layer("jobs", [
              "gateway",
              "medusa-payments",
              "modules",
              "providers",
              "reconciliation",
              "workflows",
            ]),
            ...layer("api", [
              "gateway",
              "input-hardening",
              "instance-health",
              "order-changes",
              "locking",
              "medusa-payments",
              "modules",
              "page-security",
              "providers",
              "reconciliation",
              "velocity",
              "workflows",
            ]),
          ],
        },
      ],
    },
  },
  {
    // a climb of six folders means a route's work sits too deep: it goes to a module of its area
    files: ["src/**/*.ts", "src/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../../../../../../*"],
              message:
                "Import climbs six folders: move the route's handler to a module of its area and re-export it from route.ts.",
            },
          ],
        },
      ],
    },
  },
  prettier
)
