/**
 * The HTTP face of the sandbox: every /v1 operation, the browser pages and
 * the control surface. Bodies are read as text and decoded here (a body
 * starting with `{` is JSON, anything else a form), whatever the
 * Content-Type says.
 *
 * The /v1 operations are the hot path (load tests drive them), so a POST to
 * an operation's exact path is served on Node's own request and response,
 * without express's router and body parser; everything else, including odd
 * spellings of an operation path, goes through the express app.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import express, { type Request, type Response } from "express"
import { decodeBody } from "../gateway/codecs/form"
import { buildResponXml } from "../gateway/codecs/xml-result"
import { InvalidInputError } from "../gateway/errors"
import { badRequest, type Operation, type Reply } from "./context"
import { controlRoutes, type ControlDeps } from "./control-routes"
import { corruptSignature, type Fault } from "./faults"
import { hostedPageRoutes, type BrowserNote } from "./hosted-page"
import { OPERATIONS } from "./operations"
import { requestLine } from "./request-log"
import { threeDSecureRoutes } from "./three-d-secure"
import { expandNestedFields } from "./wire-fields"

export interface ServerDeps extends ControlDeps {
  /** Unset: the request lines are not even built. */
  log?: (line: string) => void
}

const MAX_BODY_BYTES = 2 * 1024 * 1024

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void

/** The sandbox's request handler: operations on the fast path, the rest through express. */
export function createSandboxHandler(deps: ServerDeps): RequestHandler {
  const app = createSandboxApp(deps)
  const byPath = new Map(
    Object.entries(OPERATIONS).map(([operation, { path, handler }]) => [
      path,
      { operation, handler },
    ])
  )
  return (req, res) => {
    const route =
      req.method === "POST" ? byPath.get(pathOf(req.url)) : undefined
    if (!route) {
      app(req, res)
      return
    }
    readText(req, MAX_BODY_BYTES)
      .then((raw) => {
        if (raw === undefined) {
          sendJson(res, 413, {
            code: "413",
            source: "body",
            message: "request body too large",
          })
          return
        }
        return serveOperation(
          deps,
          route.operation,
          route.handler,
          raw,
          req,
          res
        )
      })
      .catch((error: unknown) => internalError(deps, res, error))
  }
}

export function createSandboxApp(deps: ServerDeps): express.Express {
  const app = express()
  app.disable("x-powered-by")
  app.disable("etag")
  const rawText = express.text({ type: () => true, limit: "2mb" })

  for (const [operation, { path, handler }] of Object.entries(OPERATIONS)) {
    app.post(path, rawText, (req, res, next) => {
      const raw = typeof req.body === "string" ? req.body : ""
      serveOperation(deps, operation, handler, raw, req, res).catch(next)
    })
  }
  const note: BrowserNote = (req, operation, body, status, summary) => {
    const entry = deps.requests.add({
      at: deps.ctx.clock().toISOString(),
      method: req.method,
      path: req.path,
      operation,
      ip: callerIp(req),
      content_type: req.get("content-type") ?? "",
      encoding: "form",
      body,
      status,
      summary,
    })
    deps.log?.(requestLine(entry))
  }
  app.use(hostedPageRoutes(deps.ctx, rawText, note))
  app.use(threeDSecureRoutes(deps.ctx, rawText, note))
  app.use("/__sandbox", express.json({ limit: "1mb" }), controlRoutes(deps))

  app.use((req: Request, res: Response) => {
    res.status(404).json({
      code: "404",
      source: "path",
      message: `no such endpoint: ${req.method} ${req.path}`,
    })
  })
  app.use(
    (
      error: unknown,
      _req: Request,
      res: Response,
      _next: express.NextFunction
    ) => internalError(deps, res, error)
  )
  return app
}

function internalError(
  deps: ServerDeps,
  res: ServerResponse,
  error: unknown
): void {
  const message = error instanceof Error ? error.message : "internal error"
  deps.log?.(`sandbox error: ${message}`)
  if (!res.headersSent)
    sendJson(res, 500, { code: "999", source: "sandbox", message })
}

function pathOf(url: string | undefined): string {
  const raw = url ?? "/"
  const query = raw.indexOf("?")
  return query === -1 ? raw : raw.slice(0, query)
}

/** The body as UTF-8 text, or undefined once it passes `limit` bytes. */
function readText(
  req: IncomingMessage,
  limit: number
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
    })
    req.on("end", () =>
      resolve(size > limit ? undefined : Buffer.concat(chunks).toString("utf8"))
    )
    req.on("error", reject)
  })
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  text: string
): void {
  res.writeHead(status, {
    "content-type": type,
    "content-length": Buffer.byteLength(text),
  })
  res.end(text)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, "application/json; charset=utf-8", JSON.stringify(body))
}

async function serveOperation(
  deps: ServerDeps,
  operation: string,
  handler: Operation,
  raw: string,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  const at = deps.ctx.clock().toISOString()
  const ip = callerIp(req)
  const contentType = req.headers["content-type"] ?? ""
  const path = pathOf(req.url)
  const fault = deps.faults.take(operation)
  let body: Record<string, unknown> = {}
  const record = (status: number, summary: string) => {
    const entry = deps.requests.add({
      at,
      method: req.method ?? "POST",
      path,
      operation,
      ip,
      content_type: contentType,
      encoding:
        raw.trim() === ""
          ? "none"
          : raw.trimStart().startsWith("{")
            ? "json"
            : "form",
      body,
      status,
      summary,
      fault: fault?.kind,
    })
    deps.log?.(requestLine(entry))
  }

  let unreadable: InvalidInputError | undefined
  try {
    body = expandNestedFields(decodeBody(raw, contentType))
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error
    unreadable = error
  }

  if (fault?.kind === "latency") await sleep(fault.latency_ms)
  if (
    fault &&
    !fault.after_processing &&
    endsExchange(fault, res, () =>
      record(fault.kind === "http_500" ? 500 : 0, fault.kind)
    )
  )
    return

  const reply: Reply = unreadable
    ? badRequest("E0001", unreadable.field, unreadable.reason)
    : await handler(deps.ctx, { body, ip })

  if (
    fault &&
    fault.after_processing &&
    endsExchange(fault, res, () =>
      record(
        fault.kind === "http_500" ? 500 : 0,
        `${fault.kind} after ${reply.summary}`
      )
    )
  )
    return
  const sent =
    fault?.kind === "wrong_signature" ? withWrongSignature(reply) : reply
  const rendered = render(sent)
  record(rendered.status, reply.summary)
  const payload =
    fault?.kind === "malformed_body"
      ? rendered.text.slice(
          0,
          Math.max(1, Math.floor(rendered.text.length / 2))
        )
      : rendered.text
  send(res, rendered.status, rendered.type, payload)
}

/** connection_reset and http_500 end the exchange; returns whether it did. */
function endsExchange(
  fault: Fault,
  res: ServerResponse,
  record: () => void
): boolean {
  if (fault.kind === "connection_reset") {
    record()
    res.socket?.destroy()
    return true
  }
  if (fault.kind === "http_500") {
    record()
    send(res, 500, "text/plain; charset=utf-8", "Internal Server Error")
    return true
  }
  return false
}

function withWrongSignature(reply: Reply): Reply {
  switch (reply.kind) {
    case "xml":
      return {
        ...reply,
        fields: {
          ...reply.fields,
          encryption_data: corruptSignature(
            String(reply.fields.encryption_data ?? "")
          ),
        },
      }
    case "json":
      return {
        ...reply,
        body: {
          ...reply.body,
          encryption_data: corruptSignature(
            String(reply.body.encryption_data ?? "")
          ),
        },
      }
    case "html":
      return reply.signature
        ? {
            ...reply,
            html: reply.html
              .split(reply.signature)
              .join(corruptSignature(reply.signature)),
          }
        : reply
  }
}

function render(reply: Reply): { status: number; type: string; text: string } {
  switch (reply.kind) {
    case "xml":
      return {
        status: reply.status ?? 200,
        type: "application/xml; charset=utf-8",
        text: buildResponXml(reply.fields),
      }
    case "json":
      return {
        status: reply.status ?? 200,
        type: "application/json; charset=utf-8",
        text: JSON.stringify(reply.body),
      }
    case "html":
      return {
        status: reply.status ?? 200,
        type: "text/html; charset=utf-8",
        text: reply.html,
      }
  }
}

export function callerIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? ""
  return address.startsWith("::ffff:") ? address.slice(7) : address
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
