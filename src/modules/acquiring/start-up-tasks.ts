/**
 * Work the rest of the plugin runs when the app starts, and stops when it
 * shuts down. Medusa calls only its modules then (after routes,
 * subscribers and jobs are loaded), so the plugin's module runs what those
 * parts registered here.
 */
export interface StartUpLogger {
  error(message: string): void
  warn(message: string): void
}

export interface StartUpDeps {
  configModule: unknown
  logger: StartUpLogger
}

export type StartUpTask = (deps: StartUpDeps) => Promise<void>

const KEY = Symbol.for("medusa-payment-acquiring.start-up-tasks")
type Holder = { [KEY]?: Set<StartUpTask> }

function tasks(): Set<StartUpTask> {
  const holder = globalThis as Holder
  holder[KEY] ??= new Set()
  return holder[KEY]
}

export function registerStartUpTask(task: StartUpTask): void {
  tasks().add(task)
}

export async function runStartUpTasks(deps: StartUpDeps): Promise<void> {
  for (const task of tasks()) {
    try {
      await task(deps)
    } catch (error) {
      // a start-up check never stops the app
      deps.logger.warn(
        `[acquiring] a start-up task failed: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }
}

type ShutdownTask = () => void | Promise<void>

const STOP_KEY = Symbol.for("medusa-payment-acquiring.shutdown-tasks")
type StopHolder = { [STOP_KEY]?: Set<ShutdownTask> }

function stopTasks(): Set<ShutdownTask> {
  const holder = globalThis as StopHolder
  holder[STOP_KEY] ??= new Set()
  return holder[STOP_KEY]
}

/** Work to stop when the app shuts down (a timer started at start-up); it runs while the database is still there. */
export function registerShutdownTask(task: ShutdownTask): void {
  stopTasks().add(task)
}

export async function runShutdownTasks(): Promise<void> {
  for (const task of stopTasks()) {
    try {
      await task()
    } catch {
      // stopping goes on whatever one task does
    }
  }
}
