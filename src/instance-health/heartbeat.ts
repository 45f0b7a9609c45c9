/**
 * Every instance, whatever its role, evaluates the configuration faults it
 * can see (the same check as the start-up log and the admin banner) and
 * writes them with its role into the shared table, at start and every
 * HEARTBEAT_MS, so the instance answering the admin can tell what another
 * one cannot do and whether a worker is running at all. The same beat tells
 * when an instance doing background work becomes able to act (at its start
 * with a working configuration, or its faults gone after a settings change):
 * it then catches up at once on the work deferred meanwhile.
 */
import { hostname } from "node:os"
import { randomBytes } from "node:crypto"
import type { StartUpDeps } from "../modules/acquiring/start-up-tasks"
import {
  configurationFaults,
  type ConfigurationFault,
} from "../accounts/configuration-faults"
import { thrownMessage } from "../journal/errors"
import { HEARTBEAT_MS } from "./health"
import { writeReport, writeStopped, type OwnReport } from "./report-store"
import { doesBackgroundWork, instanceRole, type InstanceRole } from "./role"

/** Finishes the work deferred while no instance could act; `why` names the moment. */
export type CatchUp = (why: string) => Promise<unknown>

interface This {
  id: string
  started_at: Date
  deps?: StartUpDeps
  timer?: NodeJS.Timeout
  failing?: boolean
  catchUp?: CatchUp
  /** whether the last beat found no fault (undefined: none yet since start) */
  able?: boolean
  catchingUp?: Promise<unknown>
}

const KEY = Symbol.for("medusa-payment-acquiring.instance-health")
type Holder = { [KEY]?: This }

/** This process: its id (host, pid and a random part) and when it started. */
export function thisInstance(): This {
  const holder = globalThis as Holder
  holder[KEY] ??= {
    id: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
    started_at: new Date(),
  }
  return holder[KEY]
}

export interface OwnState {
  id: string
  role: InstanceRole
  started_at: Date
  faults: ConfigurationFault[]
}

/** This instance's role and faults as they are now. */
export async function ownState(
  configModule: unknown,
  logger?: unknown
): Promise<OwnState> {
  const me = thisInstance()
  return {
    id: me.id,
    role: instanceRole(configModule),
    started_at: me.started_at,
    faults: await configurationFaults(configModule, logger),
  }
}

/** Evaluates and writes this instance's report now. */
export async function reportNow(): Promise<void> {
  const me = thisInstance()
  if (!me.deps) return
  const { configModule, logger } = me.deps
  try {
    const state = await ownState(configModule, logger)
    noteAbility(me, state)
    const report: OwnReport = {
      ...state,
      host: hostname(),
      pid: process.pid,
    }
    await writeReport(report)
    if (me.failing)
      logger.warn("[acquiring] this instance's health report is written again")
    me.failing = false
  } catch (error) {
    // said once: a beat that cannot be written (tables not migrated, database gone) retries on the next one
    if (!me.failing)
      logger.warn(
        `[acquiring] this instance could not report its health to the other instances (${thrownMessage(error)}); the admin may not show its faults. Run npx medusa db:migrate if the plugin was just updated.`
      )
    me.failing = true
  }
}

/**
 * An instance doing background work that can act now, at its start or after
 * it could not, catches up (not awaited: the beat goes on); one catch-up at a
 * time here, and the catch-up's own lock makes it one across the store.
 */
function noteAbility(me: This, state: OwnState): void {
  const able = state.faults.length === 0
  const before = me.able
  me.able = able
  if (!able || before === true || !doesBackgroundWork(state.role)) return
  if (!me.catchUp || me.catchingUp) return
  const why = before === undefined ? "start-up" : "its configuration is fixed"
  me.catchingUp = me.catchUp(why).finally(() => {
    me.catchingUp = undefined
  })
}

/** A start-up task: the first report, then one every HEARTBEAT_MS for the life of the process. */
export async function startHeartbeat(
  deps: StartUpDeps,
  catchUp?: CatchUp
): Promise<void> {
  const me = thisInstance()
  me.deps = deps
  me.catchUp = catchUp
  await reportNow()
  if (me.timer) return
  me.timer = setInterval(() => void reportNow(), HEARTBEAT_MS)
  // never the reason a process stays up
  me.timer.unref()
}

/**
 * Stops the beats when the app shuts down and says so, so the other
 * instances' admin knows at once this one is gone (a worker stopped for a
 * deploy, or for good) instead of after LIVE_MS of silence.
 */
export async function stopHeartbeat(): Promise<void> {
  const me = thisInstance()
  if (me.timer) clearInterval(me.timer)
  me.timer = undefined
  if (!me.deps) return
  me.deps = undefined
  me.catchUp = undefined
  me.able = undefined
  // a catch-up under way ends before the database goes
  await me.catchingUp?.catch(() => undefined)
  try {
    await writeStopped(me.id)
  } catch {
    // the database is already gone: the others see the silence after LIVE_MS instead
  }
}
