/**
 * What the instances of one store report about themselves, read by the one
 * answering the admin: the configuration faults of every other live
 * instance, named by its role, and a warning when no instance doing
 * background work (worker or shared) has reported within LIVE_MS. Pure:
 * the reports and the database's clock come in, the admin's view goes out.
 */
import type { ConfigurationFault } from "../accounts/configuration-faults"
import type { InstanceFault } from "../admin-contract/settings"
import { doesBackgroundWork, type InstanceRole } from "./role"

/** How often each instance reports. */
export const HEARTBEAT_MS = 15_000
/** An instance not heard from for this long is taken as gone (three beats missed). */
export const LIVE_MS = 4 * HEARTBEAT_MS

/** One instance's last report, as the shared table holds it. */
export interface InstanceReport {
  id: string
  role: InstanceRole
  host: string
  pid: number
  faults: ConfigurationFault[]
  started_at: Date
  seen_at: Date
  /** when it shut down, as it said while stopping (null: running, or gone without a word) */
  stopped_at: Date | null
}

export interface InstanceView {
  id: string
  role: InstanceRole
  host: string
  pid: number
  started_at: string
  seen_at: string
  live: boolean
  stopped_at: string | null
  /** the instance answering */
  self: boolean
  faults: string[]
}

/** A fault of another instance, worded for the admin: who, what, the fix, and what waits. */
export type { InstanceFault }

export interface InstanceHealth {
  /** the role of the instance answering */
  role: InstanceRole
  instances: InstanceView[]
  instance_faults: InstanceFault[]
  background: {
    /** the last report of a worker or shared instance, if any */
    seen_at: string | null
    /** set when none has reported within LIVE_MS: what is waiting and the fix */
    warning: string | null
  }
}

export interface Self {
  id: string
  role: InstanceRole
  started_at: Date
  /** this instance's own faults, evaluated for the answer */
  faults: ConfigurationFault[]
}

const WAITING_WORK =
  "queued notifications (a server handles the others at once), captures on fulfilment or shipment and the plugin's scheduled jobs (reconcile, payouts, lapsing authorisations)"

function who(role: InstanceRole, count: number): string {
  const noun =
    role === "worker"
      ? "worker"
      : role === "server"
        ? "server instance"
        : "shared instance"
  if (count > 1) return `${count} ${noun.replace(/ instance$/, "")} instances`
  return role === "worker" ? "The worker" : `A ${noun}`
}

const MISSING_KEY = /^Acquiring account "(.+?)": Set ACQUIRING_SETTINGS_KEY\b/
const WRONG_KEY =
  /^Acquiring account "(.+?)": the stored sign key cannot be decrypted\b/

/** Faults that hang on one process's environment or medusa-config, not on the shared settings. */
export function isPerInstance(reason: string): boolean {
  return /ACQUIRING_SETTINGS_KEY|medusa-config|environment|payment provider is registered|provider with id/.test(
    reason
  )
}

/** The admin's sentence for a fault another instance reports. */
export function instanceFaultText(
  role: InstanceRole,
  count: number,
  reason: string
): string {
  const subject = who(role, count)
  const it = count > 1 ? "each of them" : "it"
  const missing = MISSING_KEY.exec(reason)
  const wrong = WRONG_KEY.exec(reason)
  const what = missing
    ? `${subject} cannot decrypt the sign key of the account "${missing[1]}": set ACQUIRING_SETTINGS_KEY on ${it} (the same value as on the other instances) and restart ${it}.`
    : wrong
      ? `${subject} cannot decrypt the sign key of the account "${wrong[1]}": its ACQUIRING_SETTINGS_KEY is not the one the key was stored with; give ${it} the same value as the other instances and restart ${it}.`
      : `${subject} reports: ${reason.replace(/\.?$/, ".")}`
  const then = doesBackgroundWork(role)
    ? ` Until then ${WAITING_WORK} wait on ${it}; once it is fixed it catches up on them at once.`
    : ` Card payments reaching ${it} are refused until then.`
  return what + then
}

/** "the worker on host-a (pid 42)": which process, as the admin can find it. */
export function instanceName(
  report: Pick<InstanceReport, "role" | "host" | "pid">
): string {
  const noun = report.role === "worker" ? "worker" : `${report.role} instance`
  return `the ${noun} on ${report.host} (pid ${report.pid})`
}

/**
 * The background instance that ended last, as far as the reports tell: one
 * that went silent without a word ended somewhere within a beat after its
 * last report, so it is the last unless a stop came after that.
 */
export function lastBackground(
  reports: InstanceReport[]
): InstanceReport | null {
  const newest = (
    rows: InstanceReport[],
    at: (r: InstanceReport) => Date
  ): InstanceReport | undefined =>
    [...rows].sort((a, b) => at(b).getTime() - at(a).getTime())[0]
  const background = reports.filter((r) => doesBackgroundWork(r.role))
  const stopped = newest(
    background.filter((r) => r.stopped_at),
    (r) => r.stopped_at!
  )
  const silent = newest(
    background.filter((r) => !r.stopped_at),
    (r) => r.seen_at
  )
  if (!silent) return stopped ?? null
  if (!stopped) return silent
  return silent.seen_at.getTime() + HEARTBEAT_MS >=
    stopped.stopped_at!.getTime()
    ? silent
    : stopped
}

export function backgroundWarning(last: InstanceReport | null): string {
  const since = !last
    ? `No worker (or shared instance) has reported in the last ${LIVE_MS / 1000} s`
    : last.stopped_at
      ? `No worker (or shared instance) is running: the last one, ${instanceName(last)}, stopped at ${last.stopped_at.toISOString()}`
      : `No worker (or shared instance) has reported in the last ${LIVE_MS / 1000} s: ${instanceName(last)} has not reported since ${last.seen_at.toISOString()} and did not say it stopped (killed, crashed or cut off from the database)`
  return `${since}: ${WAITING_WORK} are waiting until one runs. Start a Medusa instance with workerMode "worker" (MEDUSA_WORKER_MODE=worker) on the same database, Redis and secrets.`
}

export function instanceHealth(
  reports: InstanceReport[],
  self: Self,
  now: Date
): InstanceHealth {
  const live = (r: InstanceReport) =>
    !r.stopped_at && now.getTime() - r.seen_at.getTime() <= LIVE_MS
  const others = reports.filter((r) => r.id !== self.id && live(r))
  const local = new Set(self.faults.map((f) => f.reason))

  const grouped = new Map<string, InstanceFault & { source: string }>()
  for (const report of others) {
    for (const fault of report.faults) {
      // the admin shows this instance's own faults already; shared settings are fixed once for all
      if (local.has(fault.reason) && !isPerInstance(fault.reason)) continue
      const key = `${report.role}|${fault.reason}`
      const known = grouped.get(key)
      if (known) known.instances++
      else
        grouped.set(key, {
          source: fault.reason,
          reason: "",
          role: report.role,
          instances: 1,
          providers: fault.providers,
          account_id: fault.account_id,
        })
    }
  }
  const instance_faults = [...grouped.values()].map(({ source, ...fault }) => ({
    ...fault,
    reason: instanceFaultText(fault.role, fault.instances, source),
  }))

  const background = reports.filter((r) => doesBackgroundWork(r.role))
  const lastSeen = background.reduce<Date | null>(
    (last, r) => (!last || r.seen_at > last ? r.seen_at : last),
    null
  )
  // the newest stop said since this instance started: the worker it had is gone for certain
  const lastStop = background
    .map((r) => r.stopped_at)
    .filter((at): at is Date => !!at && at > self.started_at)
    .sort((a, b) => b.getTime() - a.getTime())[0]
  const waiting =
    !doesBackgroundWork(self.role) &&
    !background.some((r) => live(r)) &&
    // a server just started gives its worker the same time to report
    (now.getTime() - self.started_at.getTime() > LIVE_MS || !!lastStop)

  return {
    role: self.role,
    instances: reports.map((r) => ({
      id: r.id,
      role: r.role,
      host: r.host,
      pid: r.pid,
      started_at: r.started_at.toISOString(),
      seen_at: r.seen_at.toISOString(),
      live: live(r),
      stopped_at: r.stopped_at?.toISOString() ?? null,
      self: r.id === self.id,
      faults: r.faults.map((f) => f.reason),
    })),
    instance_faults,
    background: {
      seen_at: lastSeen?.toISOString() ?? null,
      warning: waiting ? backgroundWarning(lastBackground(reports)) : null,
    },
  }
}
