/**
 * Test support: a loopback HTTP server whose answers each test scripts.
 * Listens on 127.0.0.1 only, on a free port, and records every request.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http"
import type { AddressInfo } from "node:net"

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export type FakeAnswer =
  | {
      status?: number
      headers?: Record<string, string>
      body?: string | object
    }
  /** never answer: the client must time out */
  | "hang"
  /** drop the connection after reading the request */
  | "reset"

export type FakeHandler = (
  request: RecordedRequest,
  index: number
) => FakeAnswer | Promise<FakeAnswer>

export interface FakeGateway {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export async function startFakeGateway(
  handler: FakeHandler
): Promise<FakeGateway> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      }
      const index = requests.push(recorded) - 1
      Promise.resolve()
        .then(() => handler(recorded, index))
        .then((answer) => respond(res, answer))
        .catch((error: unknown) =>
          respond(res, { status: 500, body: String(error) })
        )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function respond(res: ServerResponse, answer: FakeAnswer): void {
  if (answer === "hang") return
  if (answer === "reset") {
    res.socket?.destroy()
    return
  }
  const isText = typeof answer.body === "string" || answer.body === undefined
  const body = isText
    ? ((answer.body as string | undefined) ?? "")
    : JSON.stringify(answer.body)
  res.writeHead(answer.status ?? 200, {
    "content-type": isText ? "text/plain; charset=utf-8" : "application/json",
    ...answer.headers,
  })
  res.end(body)
}

/** A loopback address nothing listens on (a port just released). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
