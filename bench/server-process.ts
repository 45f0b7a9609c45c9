/** Entry of a bench child process: `sandbox` or `trivial` (see processes.ts). */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { startSandbox } from "../src/sandbox"

const FIXED_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<respon>\n  <order_status>1</order_status>\n  <result_info>0000:Success</result_info>\n</respon>'

async function listen(kind: string): Promise<string> {
  if (kind === "sandbox") return (await startSandbox({ port: 0 })).url
  const server = createServer((req, res) => {
    req.resume()
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/xml; charset=utf-8" })
      res.end(FIXED_XML)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

listen(process.argv[2] ?? "sandbox").then((url) => process.send!({ url }))
process.on("message", (message) => {
  if (message !== "memory") return
  ;(globalThis as { gc?: () => void }).gc?.()
  process.send!({ memory: process.memoryUsage() })
})
process.on("SIGTERM", () => process.exit(0))
// the bench parent going away ends this process too
process.on("disconnect", () => process.exit(0))
