/** Public surface of the sandbox acquiring service. */
export {
  startSandbox,
  type SandboxHandle,
  type SandboxOptions,
} from "./sandbox"
export { DEFAULT_SANDBOX_ACCOUNT, type SandboxAccount } from "./accounts"
export {
  DEFAULT_TEST_CARDS,
  type TestCard,
  type CardOutcome,
} from "./test-cards"
export { DEFAULT_SANDBOX_RECIPES, type SandboxMessageKind } from "./signer"
export {
  DEFAULT_NOTIFICATION_POLICY,
  type NotificationPolicy,
  type NotificationRecord,
} from "./notifier"
export {
  FAULT_KINDS,
  FAULTABLE_OPERATIONS,
  type Fault,
  type FaultKind,
} from "./faults"
export { payoutTestOutcome } from "./operations/payout"
export { DEFAULT_RETENTION, type RetentionLimits } from "./retention"
