/**
 * Request-body validation for the plugin's routes, in two forms:
 *
 * - `hardened(schema)`: a zod schema for Medusa's `validateAndTransformBody`
 *   (Medusa's error handler then answers 400 `{ type: "invalid_data",
 *   message }`, the message naming the field);
 * - `validateBody(schema)`: a plain middleware answering the plugin's own
 *   400 `{ type: "invalid_data", message, issues: [{ field, reason }] }`.
 *
 * Both run `inspectUntrusted` first, so a schema never sees a body it could
 * choke on. Messages name fields and reasons, never the values sent.
 */
import { z } from "zod"
import { formatFieldPath, safeKey } from "./field-path"
import { InputIssue, InputLimits, inspectUntrusted } from "./untrusted-input"

export function hardened<T extends z.ZodType>(
  schema: T,
  limits: Partial<InputLimits> = {}
): z.ZodPipe<z.ZodUnknown, T> {
  return z
    .unknown()
    .check((ctx) => {
      for (const issue of inspectUntrusted(ctx.value, limits)) {
        ctx.issues.push({
          code: "custom",
          // Medusa's formatter shows a custom issue's message alone.
          message: `${issue.field} ${issue.reason}`,
          input: undefined,
          path: [],
          params: issue,
          continue: false,
        })
      }
    })
    .pipe(schema)
}

/** A zod error as `{ field, reason }` pairs, without the submitted values. */
export function describeZodIssues(error: z.ZodError): InputIssue[] {
  return error.issues.map((issue) => {
    if (issue.code === "custom" && isInputIssue(issue.params)) {
      return issue.params
    }
    return {
      field: formatFieldPath(issue.path),
      reason:
        issue.code === "unrecognized_keys"
          ? `has unknown field(s) ${issue.keys.map(safeKey).join(", ")}`
          : issue.message,
    }
  })
}

function isInputIssue(value: unknown): value is InputIssue {
  const candidate = value as Partial<InputIssue> | undefined
  return (
    typeof candidate?.field === "string" && typeof candidate.reason === "string"
  )
}

export type InvalidDataBody = {
  type: "invalid_data"
  message: string
  issues: InputIssue[]
}

/** The one 400 of every plugin route: each refused field named, in `issues` and (the first five) in the message. */
export function invalidDataBody(issues: InputIssue[]): InvalidDataBody {
  const shown = issues
    .slice(0, MESSAGE_ISSUES)
    .map((issue) => `${issue.field}: ${issue.reason}`)
  const more =
    issues.length > MESSAGE_ISSUES
      ? ` (and ${issues.length - MESSAGE_ISSUES} more)`
      : ""
  return {
    type: "invalid_data",
    message: `Invalid request: ${shown.join("; ")}${more}`,
    issues,
  }
}

const MESSAGE_ISSUES = 5

export type ParsedBody<T> =
  { success: true; data: T } | { success: false; body: InvalidDataBody }

/** Inspects and parses a body; the failure carries the 400 answer. */
export function parseBody<T extends z.ZodType>(
  schema: T,
  body: unknown,
  limits: Partial<InputLimits> = {}
): ParsedBody<z.output<T>> {
  const unsafe = inspectUntrusted(body, limits)
  if (unsafe.length) return { success: false, body: invalidDataBody(unsafe) }
  const parsed = schema.safeParse(body)
  if (parsed.success) return { success: true, data: parsed.data }
  return {
    success: false,
    body: invalidDataBody(describeZodIssues(parsed.error)),
  }
}

type BodyRequest = { body?: unknown; validatedBody?: unknown }
type JsonResponse = { status(code: number): { json(body: unknown): unknown } }

/** Express / Medusa middleware: `req.validatedBody` on success, 400 otherwise. */
export function validateBody<T extends z.ZodType>(
  schema: T,
  limits: Partial<InputLimits> = {}
) {
  return (
    req: BodyRequest,
    res: JsonResponse,
    next: (error?: unknown) => void
  ) => {
    const parsed = parseBody(schema, req.body ?? {}, limits)
    if (!parsed.success) {
      res.status(400).json(parsed.body)
      return
    }
    req.validatedBody = parsed.data
    next()
  }
}

type ParamsRequest = { params: Record<string, string> }

/** Express / Medusa middleware: 400 naming the path parameter that does not match `schema`. */
export function validateParams<T extends z.ZodType>(schema: T) {
  return (
    req: ParamsRequest,
    res: JsonResponse,
    next: (error?: unknown) => void
  ) => {
    const parsed = schema.safeParse(req.params)
    if (!parsed.success) {
      res.status(400).json(invalidDataBody(describeZodIssues(parsed.error)))
      return
    }
    next()
  }
}
