/**
 * Which part of Medusa's work this process does: `shared` (HTTP and
 * background work, the default), `server` (HTTP only) or `worker`
 * (subscribers and scheduled jobs). medusa-config's `workerMode` wins over
 * MEDUSA_WORKER_MODE, as in Medusa's own config loader.
 */
export type InstanceRole = "shared" | "server" | "worker"

const ROLES: readonly InstanceRole[] = ["shared", "server", "worker"]

const isRole = (value: unknown): value is InstanceRole =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value)

export function instanceRole(
  configModule: unknown,
  env: NodeJS.ProcessEnv = process.env
): InstanceRole {
  const configured = (
    configModule as { projectConfig?: { workerMode?: unknown } } | undefined
  )?.projectConfig?.workerMode
  if (isRole(configured)) return configured
  return isRole(env.MEDUSA_WORKER_MODE) ? env.MEDUSA_WORKER_MODE : "shared"
}

/** Whether the role receives events and runs the scheduled jobs. */
export const doesBackgroundWork = (role: InstanceRole): boolean =>
  role !== "server"
