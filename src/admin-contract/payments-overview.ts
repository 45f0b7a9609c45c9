/** The payments overview's query and answer: /admin/acquiring/payments-overview. */
import { z } from "zod"
import { dayField } from "./list-query"

/** The longest period one answer covers: a year and a day. */
export const OVERVIEW_MAX_DAYS = 366

/** The account a figure is asked for: every one (omitted), medusa-config's own payments, or a saved account. */
export const CONFIG_ACCOUNT = "config"

const OverviewFields = {
  /** first and last day of the period, UTC, both included */
  from: dayField("from"),
  to: dayField("to"),
  account: z
    .string({ error: "account must be an account id or config" })
    .regex(
      /^(config|acqacc_[A-Za-z0-9]{1,60})$/,
      "account must be an account id or config"
    )
    .optional(),
}

/** A period of at least one day and at most OVERVIEW_MAX_DAYS, named on `to` when it is not. */
function checkPeriod(
  query: { from: string; to: string },
  context: z.RefinementCtx
) {
  const days =
    (Date.parse(`${query.to}T00:00:00Z`) -
      Date.parse(`${query.from}T00:00:00Z`)) /
      86_400_000 +
    1
  if (days < 1)
    context.addIssue({
      code: "custom",
      path: ["to"],
      message: "to must not be before from",
    })
  else if (days > OVERVIEW_MAX_DAYS)
    context.addIssue({
      code: "custom",
      path: ["to"],
      message: `the period must be at most ${OVERVIEW_MAX_DAYS} days`,
    })
}

export const PaymentsOverviewQuery = z
  .object(OverviewFields)
  .strict()
  .superRefine(checkPeriod)

export type PaymentsOverviewQueryType = z.infer<typeof PaymentsOverviewQuery>

/** The figures a CSV can be asked for, one per chart of the page. */
export const OVERVIEW_FIGURES = [
  "attempts",
  "declines",
  "methods",
  "money",
  "chargebacks",
  "order_lag",
] as const
export type OverviewFigure = (typeof OVERVIEW_FIGURES)[number]

/** The export's query: the overview's, and the figure. */
export const PaymentsOverviewExportQuery = z
  .object({
    ...OverviewFields,
    figure: z.enum(OVERVIEW_FIGURES, {
      error: `figure must be one of ${OVERVIEW_FIGURES.join(", ")}`,
    }),
  })
  .strict()
  .superRefine(checkPeriod)

export type PaymentsOverviewExportQueryType = z.infer<
  typeof PaymentsOverviewExportQuery
>

/** One UTC day in one currency: the attempts at the acquirer begun that day. */
export interface OverviewDay {
  day: string
  currency: string
  attempts: number
  approved: number
  declined: number
  /** bank transfers whose money is awaited: neither approved nor declined yet */
  awaiting_transfer: number
  /** no outcome yet: the shopper or the acquirer has not answered */
  waiting: number
  three_d_secure: {
    asked: number
    passed: number
    failed: number
    abandoned: number
  }
  hosted_page: { opened: number; paid: number; abandoned: number }
}

export interface OverviewDecline {
  currency: string
  /** the acquirer's code, "" when the acquirer gave none the plugin kept */
  code: string
  /** the code in words */
  meaning: string
  count: number
}

export interface OverviewMethod {
  /** CARD, WALLET, BANK_TRANSFER…; "" for a hosted page left before a method was chosen */
  method: string
  attempts: number
  approved: number
}

/** Money the acquirer confirmed moving on one UTC day, in one currency (never summed across currencies). */
export interface OverviewMoneyDay {
  day: string
  currency: string
  captured: { count: number; amount: string }
  refunded: { count: number; amount: string }
}

/**
 * One UTC day's approved payments an order took, and the seconds from the
 * approval as the plugin recorded it to Medusa's order, as decimal text to
 * a tenth of a second.
 */
export interface OverviewOrderLagDay {
  day: string
  orders: number
  median_seconds: string
  p95_seconds: string
  max_seconds: string
}

export interface OverviewChargebackMonth {
  /** YYYY-MM, UTC */
  month: string
  opened: number
  won: number
  lost: number
  captured_payments: number
  /** opened over captured payments, as a percentage with two decimals; null when nothing was captured */
  ratio_percent: string | null
  at_or_over_threshold: boolean
}

export interface PaymentsOverviewAnswer {
  from: string
  to: string
  /** the account asked for: an id, "config", or null for every account */
  account: string | null
  /** the first attempt the plugin recorded: days before it have no figures, not zero ones */
  recorded_since: string | null
  /** a payment outcome still unknown after this many minutes counts as abandoned */
  abandoned_after_minutes: number
  days: OverviewDay[]
  declines: OverviewDecline[]
  methods: OverviewMethod[]
  money: OverviewMoneyDay[]
  chargebacks: OverviewChargebackMonth[]
  order_lag: OverviewOrderLagDay[]
  /** the chargeback ratio at which card schemes start monitoring a merchant: the account's, or the lowest any account sets */
  chargeback_threshold_percent: string
  /** attempts whose outcome the acquirer has not confirmed, whatever the period */
  unsettled: { count: number; oldest_started_at: string | null }
}
