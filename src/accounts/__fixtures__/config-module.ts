/** A medusa-config whose payment module has the plugin's provider entry "acquiring" with `options`. */
export const configWith = (options: object) => ({
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "medusa-payment-acquiring/providers/acquiring",
            id: "acquiring",
            options,
          },
        ],
      },
    },
  ],
})
