import { fork } from "node:child_process"
import { resolve } from "node:path"
import { freeLoopbackPort } from "../../dev/local-stack/database"
import { budget } from "../setup/time-budget"

export type SecondInstance = {
  url: string
  /** its process id, as its health reports name it */
  pid: number
  /** stops it as a deploy does (SIGTERM): it says so while stopping */
  stop(): Promise<void>
  /** kills it outright (SIGKILL): it says nothing */
  kill(): Promise<void>
}

const BOOT_WITHIN_MS = 180_000

/**
 * Starts another Medusa instance with the same config (plugin, sandbox,
 * velocity options: the environment is inherited) on `databaseUrl`;
 * `env` changes its environment (a value undefined: the variable removed,
 * e.g. an instance started without ACQUIRING_SETTINGS_KEY).
 */
export async function startSecondInstance(
  databaseUrl: string,
  env: Record<string, string | undefined> = {}
): Promise<SecondInstance> {
  const port = await freeLoopbackPort()
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SECOND_INSTANCE_DATABASE_URL: databaseUrl,
    // ts-node transpiling with swc: a boot takes about 1 CPU-second less than with TypeScript's compiler
    TS_NODE_SWC: "true",
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name]
    else childEnv[name] = value
  }
  const child = fork(resolve(__dirname, "second-instance-process.ts"), [], {
    execArgv: ["-r", "ts-node/register/transpile-only"],
    env: childEnv,
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  })
  let errors = ""
  child.stderr?.on("data", (chunk) => (errors += String(chunk)))
  const exited = new Promise<void>((done) => child.once("exit", () => done()))
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`second instance did not start: ${errors}`)),
      budget(BOOT_WITHIN_MS)
    )
    child.once("message", () => {
      clearTimeout(timer)
      ready()
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      fail(new Error(`second instance exited (${code}): ${errors}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async kill() {
      child.kill("SIGKILL")
      await exited
    },
    async stop() {
      child.kill("SIGTERM")
      const killed = setTimeout(() => child.kill("SIGKILL"), 15_000)
      await exited
      clearTimeout(killed)
    },
  }
}
