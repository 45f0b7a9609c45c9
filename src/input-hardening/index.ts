export * from "./untrusted-input"
export * from "./hardened-body"
export { formatFieldPath } from "./field-path"
