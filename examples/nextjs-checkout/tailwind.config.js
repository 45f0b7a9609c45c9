/** @type {import("tailwindcss").Config} */
module.exports = {
  darkMode: "class",
  // Medusa's UI components take their look from its preset, as in the starter
  presets: [require("@medusajs/ui-preset")],
  content: [
    "./src/**/*.{ts,tsx}",
    "./node_modules/@medusajs/ui/dist/**/*.{js,jsx,ts,tsx}",
  ],
  // the starter's breakpoints: its account side bar shows from `small` on
  theme: {
    extend: {
      screens: {
        "2xsmall": "320px",
        xsmall: "512px",
        small: "1024px",
        medium: "1280px",
        large: "1440px",
        xlarge: "1680px",
        "2xlarge": "1920px",
      },
    },
  },
}
