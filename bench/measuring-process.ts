/**
 * A scenario's child process that boots Medusa (the local stack) and sends
 * its figures over IPC before it exits: run through ts-node, its output kept
 * only to be shown when no figures came (stopping an app while its
 * subscribers still work logs pool errors that mean nothing here).
 */
import { fork } from "node:child_process"
import path from "node:path"

/** Runs `bench/<script>` with `args`; answers its last message, or an error naming how it ended. */
export async function runMeasuringProcess<T extends object>(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env
): Promise<{ answer: T & { error?: string }; output: string }> {
  const child = fork(path.join(__dirname, script), args, {
    execArgv: ["-r", "ts-node/register/transpile-only"],
    env,
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  })
  const stderr: Buffer[] = []
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk))
  const answer = await new Promise<T & { error?: string }>((resolve) => {
    let got: (T & { error?: string }) | undefined
    child.on("message", (m: T & { error?: string }) => (got = m))
    child.once("exit", (code) =>
      resolve(got ?? ({ error: `${script} exited (${code})` } as T))
    )
  })
  return { answer, output: Buffer.concat(stderr).toString() }
}
