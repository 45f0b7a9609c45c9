/**
 * A stock Medusa store's package.json and tsconfig.json, shaped like Medusa's
 * own starter (medusa-starter-default) at the Medusa version given, naming
 * the packed plugin beside Medusa: what a store cloned without its lock
 * file, or a container build from package.json, installs in one step.
 */
export function storePackageJson(medusaVersion: string, pluginTarball: string) {
  return {
    name: "acquiring-install-check-store",
    version: "0.0.1",
    private: true,
    scripts: {
      build: "medusa build",
      start: "medusa start",
      dev: "medusa develop",
    },
    dependencies: {
      "@medusajs/admin-sdk": medusaVersion,
      "@medusajs/cli": medusaVersion,
      "@medusajs/framework": medusaVersion,
      "@medusajs/medusa": medusaVersion,
      "medusa-payment-acquiring": `file:${pluginTarball}`,
    },
    devDependencies: {
      "@medusajs/test-utils": medusaVersion,
      "@swc/core": "^1.7.28",
      "@swc/jest": "^0.2.36",
      "@types/jest": "^29.5.13",
      "@types/node": "^20.0.0",
      "@types/react": "^18.3.2",
      "@types/react-dom": "^18.2.25",
      jest: "^29.7.0",
      "prop-types": "^15.8.1",
      react: "^18.2.0",
      "react-dom": "^18.2.0",
      "ts-node": "^10.9.2",
      typescript: "^5.6.2",
      vite: "^5.2.11",
      yalc: "^1.0.0-pre.53",
    },
    engines: { node: ">=20" },
  }
}

export const STORE_TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    esModuleInterop: true,
    module: "Node16",
    moduleResolution: "Node16",
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    skipDefaultLibCheck: true,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: true,
    outDir: "./.medusa/server",
    rootDir: "./",
    jsx: "react-jsx",
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    checkJs: false,
    strictNullChecks: true,
  },
  "ts-node": { swc: true },
  include: ["**/*", ".medusa/types/*"],
  exclude: [
    "node_modules",
    ".medusa/server",
    ".medusa/admin",
    ".cache",
    "consumer.ts",
  ],
}
