/** The module's rows as its generated services answer them, inferred from the data models. */
import type { InferTypeOf } from "@medusajs/framework/types"
import type { AcquiringAccount } from "./models/account"
import type { AcquiringChargeback } from "./models/chargeback"
import type { AcquiringDeduction } from "./models/deduction"
import type { AcquiringPaymentEvent } from "./models/payment-event"
import type { AcquiringNotificationRefusal } from "./models/notification-refusal"
import type { AcquiringOperation } from "./models/operation"
import type { AcquiringPayout } from "./models/payout"
import type { AcquiringPaymentLink } from "./models/payment-link"
import type { AcquiringSavedCard } from "./models/saved-card"
import type { AcquiringSettingsChange } from "./models/settings-change"

export type AcquiringOperationRow = InferTypeOf<typeof AcquiringOperation>

/** Medusa's inference also gives a nullable number a `raw_` twin (as for bigNumber); the table has none. */
export type AcquiringAccountRow = Omit<
  InferTypeOf<typeof AcquiringAccount>,
  "raw_timeout_ms"
>

export type AcquiringPayoutRow = InferTypeOf<typeof AcquiringPayout>

export type AcquiringSettingsChangeRow = InferTypeOf<
  typeof AcquiringSettingsChange
>

export type { AuditValue, SettingsFieldChange } from "./models/settings-change"

export type AcquiringSavedCardRow = InferTypeOf<typeof AcquiringSavedCard>

export type AcquiringPaymentLinkRow = InferTypeOf<typeof AcquiringPaymentLink>

export type AcquiringChargebackRow = InferTypeOf<typeof AcquiringChargeback>

export type AcquiringPaymentEventRow = InferTypeOf<typeof AcquiringPaymentEvent>

export type AcquiringNotificationRefusalRow = InferTypeOf<
  typeof AcquiringNotificationRefusal
>

export type AcquiringDeductionRow = InferTypeOf<typeof AcquiringDeduction>
