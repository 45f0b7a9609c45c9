/** The control surface's JSON answers: `{code, source, message}` for a refusal or an unknown id. */
import type { Response } from "express"

/** A query parameter's text; absent or empty is undefined. */
export function queryText(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined
}

export function notFound(res: Response, what: string, id: string): void {
  res
    .status(404)
    .json({ code: "404", source: what, message: `no ${what} ${id}` })
}

/** 400 naming the field at fault; 409 where the state refuses. */
export function refuse(
  res: Response,
  source: string,
  message: string,
  status = 400
): void {
  res.status(status).json({ code: "400", source, message })
}
