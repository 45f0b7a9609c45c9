import { answerTimeout } from "./answer-timeout"

/** What a test sees of an HTTP answer. */
export type HttpAnswer<T = any> = {
  status: number
  headers: Headers
  data: T
  text: string
}

export type RequestOptions = {
  headers?: Record<string, string>
  /** JSON body (default) or form fields, posted as a browser posts a form. */
  json?: unknown
  form?: Record<string, string> | URLSearchParams
}

/**
 * A small client over fetch that never follows redirects and never throws on
 * an HTTP status, so tests can assert 303s, 402s and 400s directly.
 */
export function httpClient(
  baseUrl: () => string,
  defaults: () => Record<string, string> = () => ({})
) {
  async function request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {}
  ): Promise<HttpAnswer<T>> {
    const headers: Record<string, string> = {
      ...defaults(),
      ...options.headers,
    }
    let body: string | undefined
    if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded"
      body = new URLSearchParams(
        options.form as Record<string, string>
      ).toString()
    } else if (options.json !== undefined) {
      headers["content-type"] = "application/json"
      body = JSON.stringify(options.json)
    }
    const url = /^https?:/.test(path) ? path : `${baseUrl()}${path}`
    const response = await fetch(url, {
      method,
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(answerTimeout(60_000)),
    })
    const text = await response.text()
    let data: unknown = text
    if ((response.headers.get("content-type") ?? "").includes("json") && text) {
      data = JSON.parse(text)
    }
    return {
      status: response.status,
      headers: response.headers,
      data: data as T,
      text,
    }
  }
  return {
    request,
    get: <T = any>(path: string, options?: RequestOptions) =>
      request<T>("GET", path, options),
    post: <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
      request<T>("POST", path, { ...options, json: json ?? options?.json }),
    postForm: <T = any>(
      path: string,
      form: Record<string, string>,
      options?: RequestOptions
    ) => request<T>("POST", path, { ...options, form }),
    delete: <T = any>(path: string, options?: RequestOptions) =>
      request<T>("DELETE", path, options),
  }
}

export type HttpClient = ReturnType<typeof httpClient>

/** Fails with the answer's body when the status is not the expected one. */
export function expectStatus<T>(
  answer: HttpAnswer<T>,
  status: number,
  step: string
): T {
  if (answer.status !== status) {
    throw new Error(
      `${step}: expected HTTP ${status}, got ${answer.status}: ${answer.text.slice(0, 2000)}`
    )
  }
  return answer.data
}
