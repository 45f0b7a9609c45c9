export * from "./page-headers"
export { readPageScripts, cspHash } from "./inline-scripts"
export * from "./notice-page"
