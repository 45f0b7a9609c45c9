export * from "./untrusted-input"
export * from "./hardened-body"
export * from "./card-like-input"
export { formatFieldPath } from "./field-path"
