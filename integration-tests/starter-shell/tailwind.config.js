/** @type {import("tailwindcss").Config} */
module.exports = {
  darkMode: "class",
  // Medusa's UI components take their look from its preset, as in the starter
  presets: [require("@medusajs/ui-preset")],
  content: [
    "./src/**/*.{ts,tsx}",
    "./node_modules/@medusajs/ui/dist/**/*.{js,jsx,ts,tsx}",
  ],
}
