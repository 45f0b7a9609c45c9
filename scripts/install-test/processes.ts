/**
 * The install check's processes: commands run to their end, servers waited
 * on until they print their ready line, and the cleanups that stop what the
 * check started (in reverse order), plus its timed step log.
 */
import { spawn, type ChildProcess } from "node:child_process"

const started = Date.now()
export const cleanups: Array<() => Promise<unknown> | unknown> = []
/** The end of what each server has printed so far, for the failure message. */
const serverOutputs = new Map<string, () => string>()

export function elapsed(): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`
}
export function step(text: string): void {
  console.log(`[install ${elapsed()}] ${text}`)
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv }
): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("error", fail)
    child.on("close", (code) =>
      code === 0
        ? done(output)
        : fail(
            new Error(
              `${command} ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`
            )
          )
    )
  })
}

/** Starts a long-running command and waits for a line matching `ready`. */
export function startServer(
  command: string,
  args: string[],
  options: {
    cwd: string
    env?: NodeJS.ProcessEnv
    ready: RegExp
    timeoutMs: number
  }
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    })
    cleanups.push(() => stopProcessGroup(child))
    let output = ""
    serverOutputs.set(`${command} ${args.join(" ")}`, () => output)
    const timer = setTimeout(
      () =>
        fail(
          new Error(
            `${command} ${args.join(" ")} not ready in ${options.timeoutMs} ms:\n${output.slice(-4000)}`
          )
        ),
      options.timeoutMs
    )
    const watch = (chunk: Buffer) => {
      output = (output + chunk).slice(-100_000)
      const match = output.match(options.ready)
      if (match) {
        clearTimeout(timer)
        done({ child, match })
      }
    }
    child.stdout!.on("data", watch)
    child.stderr!.on("data", watch)
    child.on("exit", (code) => {
      clearTimeout(timer)
      fail(
        new Error(
          `${command} ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`
        )
      )
    })
  })
}

/** npx and medusa start child processes: stop the whole group this script started. */
function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined)
    return Promise.resolve()
  return new Promise((done) => {
    child.once("exit", () => done())
    try {
      process.kill(-child.pid!, "SIGTERM")
    } catch {
      done()
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL")
      } catch {
        // already gone
      }
      done()
    }, 5_000).unref()
  })
}

export async function stopAll(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.error(`(while cleaning up: ${(error as Error).message})`)
    }
  }
}

/** What the servers printed last, to read beside a failure. */
export function serverOutputTails(chars = 3000): string {
  return [...serverOutputs]
    .map(
      ([name, output]) => `--- ${name} (last output)\n${output().slice(-chars)}`
    )
    .join("\n")
}
