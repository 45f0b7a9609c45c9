import { execFile } from "node:child_process"
import { budget } from "../setup/time-budget"

/**
 * Runs one named step (a command) within its budget, scaled to this
 * machine's slowness; answers its output. Past the budget it is killed and
 * the error names the step; a failure carries everything it printed.
 */
export function runStep(
  step: string,
  referenceMs: number,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env
): Promise<string> {
  const stepBudget = budget(referenceMs)
  return new Promise((done, failed) => {
    execFile(
      command,
      args,
      {
        cwd,
        env,
        timeout: stepBudget,
        killSignal: "SIGKILL",
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return done(stdout)
        failed(
          new Error(
            (error as { killed?: boolean }).killed
              ? `${step} ran out of its budget (${stepBudget / 60_000} minutes) in ${cwd}`
              : `${step} failed: ${error.message}\n${stdout}\n${stderr}`
          )
        )
      }
    )
  })
}
