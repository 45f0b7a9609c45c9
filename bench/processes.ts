/**
 * Child processes of the bench: the sandbox (so its CPU and memory are its
 * own) or a trivial Node server answering a fixed XML body. Both listen on
 * 127.0.0.1 and report their URL over IPC; `memory` asks for the process's
 * memory after a full garbage collection.
 *
 * The child runs plain JavaScript bundled once by esbuild, not through
 * ts-node: the TypeScript compiler would otherwise sit in the memory measured.
 */
import { fork, type ChildProcess } from "node:child_process"
import path from "node:path"
import { buildSync } from "esbuild"

let bundle: string | undefined

function childScript(): string {
  if (!bundle) {
    // inside the project, so the bundle's require() finds node_modules
    bundle = path.join(__dirname, ".build", "server-process.js")
    buildSync({
      entryPoints: [path.join(__dirname, "server-process.ts")],
      bundle: true,
      platform: "node",
      target: "node20",
      format: "cjs",
      outfile: bundle,
      // dependencies load from node_modules as in production
      packages: "external",
      absWorkingDir: path.join(__dirname, ".."),
      logLevel: "error",
    })
  }
  return bundle
}

export interface Child {
  url: string
  pid: number
  memory(): Promise<NodeJS.MemoryUsage>
  stop(): Promise<void>
}

export async function startChild(kind: "sandbox" | "trivial"): Promise<Child> {
  const child: ChildProcess = fork(childScript(), [kind], {
    execArgv: ["--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (m: { url?: string }) =>
      m.url ? resolve(m.url) : reject(new Error("no url from child"))
    )
    child.once("exit", (code) => reject(new Error(`child exited (${code})`)))
  })
  return {
    url,
    pid: child.pid!,
    memory: () =>
      new Promise((resolve) => {
        child.once("message", (m: { memory: NodeJS.MemoryUsage }) =>
          resolve(m.memory)
        )
        child.send("memory")
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}
