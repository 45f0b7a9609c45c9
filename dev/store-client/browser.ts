import { answerTimeout } from "./answer-timeout"
import { parse } from "node-html-parser"

/** A form as a browser would submit it. */
export type BrowserForm = {
  action: string
  method: string
  inputs: Record<string, string>
}

export type Visit = {
  url: string
  status: number
  text: string
  location?: string
}

const SKIPPED_TYPES = new Set(["submit", "button", "image", "reset", "file"])

/**
 * The forms of a page with their successful controls, actions resolved
 * against the page's address. `scriptDataId` names a JSON block whose
 * entries the page's own script appends to the first form as hidden inputs
 * before it submits itself, as the hosted checkout page does.
 */
export function formsOf(
  html: string,
  pageUrl: string,
  scriptDataId?: string
): BrowserForm[] {
  const root = parse(html)
  const forms = root.querySelectorAll("form").map((form) => {
    const inputs: Record<string, string> = {}
    for (const input of form.querySelectorAll("input")) {
      const name = input.getAttribute("name")
      const type = (input.getAttribute("type") ?? "text").toLowerCase()
      if (!name || SKIPPED_TYPES.has(type) || input.hasAttribute("disabled"))
        continue
      if (
        (type === "checkbox" || type === "radio") &&
        !input.hasAttribute("checked")
      )
        continue
      inputs[name] = input.getAttribute("value") ?? ""
    }
    return {
      action: new URL(
        form.getAttribute("action") ?? pageUrl,
        pageUrl
      ).toString(),
      method: (form.getAttribute("method") ?? "get").toLowerCase(),
      inputs,
    }
  })
  if (scriptDataId && forms.length) {
    const block = root.querySelector(`script#${scriptDataId}`)
    if (block) {
      for (const [name, value] of Object.entries(
        JSON.parse(block.rawText) as Record<string, unknown>
      )) {
        forms[0].inputs[name] =
          value === null || value === undefined ? "" : String(value)
      }
    }
  }
  return forms
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname
  return host === "127.0.0.1" || host === "localhost" || host === "[::1]"
}

async function visit(url: string, init: RequestInit): Promise<Visit> {
  const response = await fetch(url, {
    ...init,
    redirect: "manual",
    signal: AbortSignal.timeout(answerTimeout(30_000)),
  })
  const location = response.headers.get("location") ?? undefined
  return {
    url,
    status: response.status,
    text: await response.text(),
    location: location ? new URL(location, url).toString() : undefined,
  }
}

/**
 * Submits `form` with `fields` filled in and follows redirects as a browser
 * does (GET after 303/302/301), but only while they stay on this machine:
 * the walk stops at the first address elsewhere (the storefront), which is
 * returned unvisited. Returns every stop, last one the page where it ended.
 */
export async function submitForm(
  form: BrowserForm,
  fields: Record<string, string> = {},
  options: {
    followRedirects?: boolean
    /** An address the walk ends at, as leaving for it (a storefront page nobody serves here). */
    stopAt?: string
  } = {}
): Promise<{ visits: Visit[]; leftTo?: string }> {
  const body = new URLSearchParams({ ...form.inputs, ...fields }).toString()
  const first =
    form.method === "post"
      ? await visit(form.action, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
        })
      : await visit(
          `${form.action}${form.action.includes("?") ? "&" : "?"}${body}`,
          { method: "GET" }
        )
  return options.followRedirects === false
    ? { visits: [first] }
    : follow(first, options.stopAt)
}

/** Follows redirects from `start` while they stay on loopback. */
export async function follow(
  start: Visit,
  stopAt?: string
): Promise<{ visits: Visit[]; leftTo?: string }> {
  const visits = [start]
  let current = start
  for (
    let hops = 0;
    hops < 10 &&
    current.location &&
    current.status >= 300 &&
    current.status < 400;
    hops++
  ) {
    if (
      !isLoopback(current.location) ||
      (stopAt && current.location.startsWith(stopAt))
    ) {
      return { visits, leftTo: current.location }
    }
    current = await visit(current.location, { method: "GET" })
    visits.push(current)
  }
  return { visits }
}

/** GET a page as a browser would, following loopback redirects. */
export async function open(
  url: string
): Promise<{ visits: Visit[]; leftTo?: string }> {
  return follow(await visit(url, { method: "GET" }))
}
