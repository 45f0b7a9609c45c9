/**
 * Child process of the bench's payments-overview scenario: the local stack
 * (embedded PostgreSQL, sandbox, Medusa with the built plugin), a store of
 * `attempts` payment attempts over a year written straight into the
 * plugin's tables (each with its journal entry, a third captured, one in
 * thirty refunded, one in five hundred disputed), then the page's
 * statements timed in interleaved rounds: every account against the one
 * account that holds a tenth of the rows. Sends the times, and the plans'
 * sequential scans of the attempts and the journal, over IPC.
 */
import "../dev/local-stack/quiet-logs"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startLocalStack } from "../dev/local-stack"
import { interleave, timeMs } from "./measure"
import {
  overviewStatements,
  type OverviewFilters,
} from "../src/modules/acquiring/overview-sql"

const SMALL_ACCOUNT = "acqacc_benchsmall"
/** The tables that grow with every payment (a store's chargebacks stay a few thousand rows). */
const GROWING_TABLES = ["acquiring_attempt_outcome", "acquiring_operation"]

type Knex = {
  raw(sql: string, values?: unknown[]): Promise<{ rows: any[] }>
}

async function seed(pg: Knex, attempts: number): Promise<void> {
  await pg.raw(
    `insert into acquiring_attempt_outcome (id, session_id, kind, state, account_id, mode, currency, amount, payment_method, three_d_secure_asked, started_at, result_code, approved_at, ordered_at)
     select 'BENCH' || g, 'payses_bench' || (g / 2),
       case when g % 5 = 0 then 'checkout' else 'authorise' end,
       (array['authorized', 'captured', 'captured', 'declined', 'pending', 'requires_more'])[1 + g % 6],
       case when g % 10 = 0 then ? end, 'test',
       (array['USD', 'EUR', 'JPY'])[1 + g % 3], '15.00',
       case when g % 5 = 0 then 'WALLET' else 'CARD' end,
       g % 2 = 0,
       now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
       case when g % 12 = 3 then 'E0010' when g % 6 = 3 then 'E0008' end,
       -- approved ones: seen approved a few seconds in, ordered up to two minutes later
       case when g % 6 in (0, 1, 2) then now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' + (g % 7) * interval '1 second' end,
       case when g % 6 in (0, 1, 2) then now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' + (g % 7 + g % 120) * interval '1 second' end
     from generate_series(1, ?) g`,
    [SMALL_ACCOUNT, attempts]
  )
  // the journal: each attempt's request, then captures and refunds
  await pg.raw(
    `insert into acquiring_operation (id, provider_id, kind, state, order_no, session_id, amount, currency, result_code, settled_at, created_at)
     select 'acqop_bench' || o.g || '_' || o.kind, 'pp_acquiring-card_acquiring', o.kind, 'done', 'BENCH' || o.g, 'payses_bench' || (o.g / 2),
       '15.00', (array['USD', 'EUR', 'JPY'])[1 + o.g % 3],
       case when o.kind = 'authorise' and o.g % 6 = 3 then 'E0008' else '0000' end,
       o.at, o.at
     from (
       select g, 'authorise'::text as kind, now() - (g % 365) * interval '1 day' as at from generate_series(1, ?) g
       union all select g, 'capture', now() - (g % 365) * interval '1 day' + interval '1 hour' from generate_series(1, ?) g where g % 3 = 0
       union all select g, 'refund', now() - (g % 365) * interval '1 day' + interval '2 hours' from generate_series(1, ?) g where g % 30 = 0
     ) o`,
    [attempts, attempts, attempts]
  )
  await pg.raw(
    `insert into acquiring_chargeback (id, reference, provider_id, order_no, session_id, currency, amount, status, opened_at, decided_at)
     select 'acqcb_bench' || g, 'CB' || g, 'pp_acquiring-card_acquiring', 'BENCH' || g, 'payses_bench' || (g / 2), 'USD', '15.00',
       (array['OPEN', 'WON', 'LOST'])[1 + g % 3],
       now() - (g % 365) * interval '1 day',
       case when g % 3 = 0 then null else now() - (g % 365) * interval '1 day' + interval '3 days' end
     from generate_series(1, ?) g where g % 500 = 0`,
    [attempts]
  )
  await pg.raw("analyze")
}

/** The page's statements for a period and account, as the module runs them. */
const statements = (filters: OverviewFilters) =>
  Object.values(overviewStatements(filters, 60))

/** The table of every sequential scan of a growing table in a plan. */
function sequentialScans(plan: any, found: string[] = []): string[] {
  if (
    plan["Node Type"] === "Seq Scan" &&
    GROWING_TABLES.includes(plan["Relation Name"])
  )
    found.push(plan["Relation Name"])
  for (const child of plan.Plans ?? []) sequentialScans(child, found)
  return found
}

async function main(attempts: number, rounds: number): Promise<void> {
  const stack = await startLocalStack()
  try {
    const pg = stack.app.container.resolve(
      ContainerRegistrationKeys.PG_CONNECTION
    ) as Knex
    await seed(pg, attempts)
    const to = new Date()
    const from = new Date(to.getTime() - 30 * 86_400_000)
    const every: OverviewFilters = { from, to }
    const one: OverviewFilters = { from, to, account_id: SMALL_ACCOUNT }
    const page = (filters: OverviewFilters) => () =>
      timeMs(async () => {
        for (const s of statements(filters)) await pg.raw(s.text, s.values)
      })
    const measured = await interleave(rounds, page(every), page(one))
    const scans: string[] = []
    for (const filters of [every, one])
      for (const s of statements(filters)) {
        const { rows } = await pg.raw(
          `explain (format json) ${s.text}`,
          s.values
        )
        scans.push(...sequentialScans(rows[0]["QUERY PLAN"][0].Plan))
      }
    process.send!({ measured, scans })
  } finally {
    await stack.stop()
  }
}

main(Number(process.argv[2] ?? 1_000_000), Number(process.argv[3] ?? 7)).then(
  () => process.exit(0),
  (error: Error) => {
    process.send!({ error: error.message })
    process.exit(1)
  }
)
