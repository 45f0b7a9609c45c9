import { fork } from "node:child_process"
import { resolve } from "node:path"
import { freeLoopbackPort } from "../../dev/local-stack/database"
import { budget } from "../setup/time-budget"
import { followInstance } from "./webhook-tracker"

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
  const booted = await new Promise<{ tracks?: boolean }>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`second instance did not start: ${errors}`)),
      budget(BOOT_WITHIN_MS)
    )
    // Medusa's own server sends its port first, as a bare number
    const onMessage = (message: { port?: number; tracks?: boolean }) => {
      if (typeof message?.port !== "number") return
      child.off("message", onMessage)
      clearTimeout(timer)
      ready(message)
    }
    child.on("message", onMessage)
    child.once("exit", (code) => {
      clearTimeout(timer)
      fail(new Error(`second instance exited (${code}): ${errors}`))
    })
  })
  const url = `http://127.0.0.1:${port}`
  if (booted.tracks) {
    // each question answered once its webhooks are handled; a stopped instance handles nothing more
    const answers = new Map<number, () => void>()
    let asked = 0
    child.on("message", (message: { idled?: number }) => {
      if (typeof message?.idled !== "number") return
      answers.get(message.idled)?.()
      answers.delete(message.idled)
    })
    const forget = followInstance(
      url,
      () =>
        new Promise<void>((idle) => {
          if (!child.connected) return idle()
          const question = ++asked
          answers.set(question, idle)
          child.send({ idle: question })
        })
    )
    void exited.then(() => {
      forget()
      answers.forEach((idle) => idle())
      answers.clear()
    })
  }
  return {
    url,
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
