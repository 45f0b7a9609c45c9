/**
 * The instances' reports in the plugin's PostgreSQL table
 * `acquiring_instance_report`, the state every instance of a store shares
 * (with or without Redis). One row per process, written on each heartbeat;
 * times are the database's, so the hosts' clocks need not agree.
 */
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { acquiringModule } from "../modules/acquiring/module-access"
import type { ConfigurationFault } from "../accounts/configuration-faults"
import type { InstanceReport } from "./health"
import type { InstanceRole } from "./role"

/** Rows not refreshed for this long are removed. */
const KEEP_HOURS = 24

export interface OwnReport {
  id: string
  role: InstanceRole
  host: string
  pid: number
  faults: ConfigurationFault[]
  started_at: Date
}

type Row = {
  id: string
  role: InstanceRole
  host: string
  pid: number
  faults: ConfigurationFault[] | string
  started_at: Date | string
  seen_at: Date | string
  stopped_at: Date | string | null
}

/** Runs on the plugin module's database connection (its repository gives the manager). */
class ReportTable {
  constructor(private readonly baseRepository_: unknown) {}

  @InjectManager()
  async write(
    report: OwnReport,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    const manager = sharedContext.manager!
    await manager.execute(
      `insert into "acquiring_instance_report" ("id", "role", "host", "pid", "faults", "started_at", "seen_at") values (?, ?, ?, ?, ?::jsonb, ?, now()) on conflict ("id") do update set "role" = excluded."role", "faults" = excluded."faults", "seen_at" = now(), "stopped_at" = null, "updated_at" = now()`,
      [
        report.id,
        report.role,
        report.host,
        report.pid,
        JSON.stringify(report.faults),
        report.started_at,
      ]
    )
    await manager.execute(
      `delete from "acquiring_instance_report" where "seen_at" < now() - interval '${KEEP_HOURS} hours'`
    )
  }

  /** Said by an instance shutting down: the others know at once it is gone. */
  @InjectManager()
  async stopped(
    id: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `update "acquiring_instance_report" set "stopped_at" = now(), "updated_at" = now() where "id" = ?`,
      [id]
    )
  }

  @InjectManager()
  async read(
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ reports: InstanceReport[]; now: Date }> {
    const rows = (await sharedContext.manager!.execute(
      `select "id", "role", "host", "pid", "faults", "started_at", "seen_at", "stopped_at" from "acquiring_instance_report" where "seen_at" >= now() - interval '${KEEP_HOURS} hours' order by "seen_at" desc`,
      [],
      "all"
    )) as Row[]
    const [clock] = (await sharedContext.manager!.execute(
      `select now() as "db_now"`,
      [],
      "all"
    )) as { db_now: Date | string }[]
    return {
      now: new Date(clock.db_now),
      reports: rows.map((row) => ({
        id: row.id,
        role: row.role,
        host: row.host,
        pid: Number(row.pid),
        faults:
          typeof row.faults === "string"
            ? (JSON.parse(row.faults) as ConfigurationFault[])
            : row.faults,
        started_at: new Date(row.started_at),
        seen_at: new Date(row.seen_at),
        stopped_at: row.stopped_at ? new Date(row.stopped_at) : null,
      })),
    }
  }
}

function table(): ReportTable {
  // the module service's repository: MedusaService keeps it as baseRepository_
  const service = acquiringModule() as unknown as { baseRepository_: unknown }
  return new ReportTable(service.baseRepository_)
}

export const writeReport = (report: OwnReport) => table().write(report)

export const readReports = () => table().read()
export const writeStopped = (id: string) => table().stopped(id)
