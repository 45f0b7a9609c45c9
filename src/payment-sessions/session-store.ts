/**
 * Where a session's state lives. Medusa keeps a provider's `data` on the
 * payment session, copies it to the payment, and hands it out through its
 * store routes; so `data` holds only the storefront view and the session id,
 * and the rest (cart snapshot, client and device data, attempts, order
 * numbers, transaction ids, risk, account) is in the plugin's table, keyed
 * by that id. Data stored in the old shape (everything in `data`) is read
 * as it is and moved on its next write.
 */
import { acquiringModule } from "../modules/acquiring/module-access"
import {
  parseSessionData,
  SessionDataSchema,
  toStored,
  type SessionData,
} from "./session-data"
import { STOREFRONT_VIEW_KEYS, storefrontView } from "./storefront-view"

export interface SessionStates {
  read(ids: string[]): Promise<Map<string, unknown>>
  write(id: string, data: Record<string, unknown>): Promise<void>
}

const moduleStates: SessionStates = {
  read: (ids) => acquiringModule().readSessionStates(ids),
  write: (id, data) => acquiringModule().writeSessionState(id, data),
}

/**
 * Medusa merges an update into the stored `data` (nested objects too): every
 * key the plugin ever wrote there is named, undefined when it has no value,
 * so nothing of an earlier write (or of the old shape) survives.
 */
const WRITTEN_KEYS = [
  ...Object.keys(SessionDataSchema.shape),
  ...STOREFRONT_VIEW_KEYS,
  "intake",
]

/** What Medusa stores as `data`: the storefront view and the session id, safe for any route of Medusa to return. */
export function medusaData(data: SessionData): Record<string, unknown> {
  if (!data.session_id)
    throw new Error("A payment session's data must carry its session_id")
  const view = storefrontView(data)
  const blanked = Object.fromEntries(
    WRITTEN_KEYS.map((key) => [key, undefined])
  )
  return {
    ...blanked,
    session_id: data.session_id,
    ...view,
    ...(view.three_ds
      ? {
          three_ds: {
            form: view.three_ds.form,
            result: view.three_ds.result,
            issuer_url: undefined,
          },
        }
      : {}),
  }
}

export async function readSession(raw: unknown): Promise<SessionData> {
  return (await readSessionOrigin(raw)).data
}

/** The state and whether it came from the plugin's table (false: the old shape, still in Medusa's data). */
export async function readSessionOrigin(
  raw: unknown
): Promise<{ data: SessionData; stored: boolean }> {
  const [read] = await readMany([raw])
  return read
}

/** Reads many at once (one query): the reconcile job's pages. */
export async function readSessions(raws: unknown[]): Promise<SessionData[]> {
  return (await readMany(raws)).map((read) => read.data)
}

async function readMany(
  raws: unknown[]
): Promise<{ data: SessionData; stored: boolean }[]> {
  const visible = raws.map(parseSessionData)
  const ids = [
    ...new Set(visible.map((v) => v.session_id).filter((id) => !!id)),
  ] as string[]
  const kept = await moduleStates.read(ids)
  return visible.map((v) => {
    const state = v.session_id ? kept.get(v.session_id) : undefined
    return state
      ? { data: parseSessionData(state), stored: true }
      : { data: v, stored: false }
  })
}

/**
 * What Medusa's data says when the plugin itself hands it to Medusa with the
 * amount it holds (the store routes' and the reconcile's saves): the view,
 * when that amount is the one Medusa passes, so nothing needs reading.
 */
export function unchangedView(
  raw: unknown,
  amount: string | undefined,
  currency: string | undefined
): Record<string, unknown> | undefined {
  if (!raw || typeof raw !== "object" || !amount || !currency) return undefined
  const claimed = raw as Record<string, unknown>
  if (claimed.amount !== amount || claimed.currency !== currency)
    return undefined
  const view: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(claimed))
    view[key] = VIEW_KEYS.has(key) ? value : undefined
  return view
}

/** The keys of Medusa's data: the storefront view and the session id. */
const VIEW_KEYS = new Set<string>(["session_id", ...STOREFRONT_VIEW_KEYS])

/** What the plugin's own saves hand to Medusa's updatePaymentSession: the view, with the amount it holds. */
export function vouchedView(
  data: SessionData,
  shown: Record<string, unknown>
): Record<string, unknown> {
  return { ...shown, amount: data.amount, currency: data.currency }
}

/** Writes the whole state to the plugin's table, nothing else; answers the state written and what Medusa may store. */
export async function saveState(
  data: SessionData
): Promise<{ state: SessionData; shown: Record<string, unknown> }> {
  const shown = medusaData(data)
  await moduleStates.write(data.session_id as string, toStored(data))
  return { state: data, shown }
}

/** Writes the whole state to the plugin's table; answers what Medusa may store. */
export async function writeSession(
  data: SessionData
): Promise<Record<string, unknown>> {
  return (await saveState(data)).shown
}
