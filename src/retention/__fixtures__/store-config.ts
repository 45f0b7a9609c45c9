/** A medusa-config with one acquiring provider entry per options given, beside another plugin's provider. */
export function storeConfig(...entryOptions: unknown[]) {
  const acquiring = entryOptions.map((options, i) => ({
    resolve: "medusa-payment-acquiring/providers/acquiring",
    id: `acquiring${i}`,
    options,
  }))
  const other = { resolve: "./other-provider", id: "other", options: {} }
  return {
    modules: [
      {
        resolve: "@medusajs/medusa/payment",
        options: { providers: [...acquiring, other] },
      },
    ],
  }
}
