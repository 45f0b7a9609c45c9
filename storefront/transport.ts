/**
 * How the kit reaches Medusa's store API. The kit reads answers itself
 * (status, body, Retry-After), because the plugin's error bodies carry the
 * decline code, the invalid field and the retry delay, which js-sdk's
 * FetchError drops.
 */

export type StoreAnswer = {
  status: number
  body: any
  /** Seconds from a Retry-After header, when the answer had one. */
  retryAfter?: number
}

/** Every method the kit sends: GET and POST, and DELETE for a saved card. */
export type StoreMethod = "GET" | "POST" | "DELETE"

/**
 * `Methods` is what the transport must send. It defaults to GET and POST,
 * so a transport written before saved cards (GET and POST only) still fits
 * every function but `deleteSavedCard`, which asks for DELETE.
 */
export type StoreTransport<Methods extends StoreMethod = "GET" | "POST"> = (
  method: Methods,
  path: string,
  body?: unknown
) => Promise<StoreAnswer>

export type FetchTransportOptions = {
  /** The Medusa backend, e.g. "https://api.shop.example" */
  baseUrl: string
  publishableKey: string
  /** Extra headers per request, e.g. a logged-in customer's Authorization. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>
  /** "include" when the customer's session cookie must travel (auth type "session"). */
  credentials?: RequestCredentials
  fetch?: typeof fetch
}

function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const date = Date.parse(value)
  return Number.isNaN(date)
    ? undefined
    : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

/** A transport over `fetch` with the publishable key on every request. */
export function fetchTransport(
  options: FetchTransportOptions
): StoreTransport<StoreMethod> {
  const base = options.baseUrl.replace(/\/+$/, "")
  return async (method, path, body) => {
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
    const extra = options.headers ? await options.headers() : {}
    const response = await doFetch(`${base}${path}`, {
      method,
      credentials: options.credentials,
      headers: {
        accept: "application/json",
        "x-publishable-api-key": options.publishableKey,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    let parsed: unknown = undefined
    try {
      parsed = text === "" ? undefined : JSON.parse(text)
    } catch {
      parsed = { message: text }
    }
    return {
      status: response.status,
      body: parsed,
      retryAfter: retryAfterSeconds(response.headers.get("retry-after")),
    }
  }
}

/** The parts of a js-sdk `Medusa` instance the kit uses. */
export type MedusaSdkLike = {
  client: {
    getToken(): Promise<string | null | undefined>
  }
}

type SdkConfig = {
  baseUrl: string
  publishableKey?: string
  globalHeaders?: Record<string, string>
  auth?: { type?: "jwt" | "session" }
}

/**
 * A transport that sends what the js-sdk would: its base URL, publishable
 * key, global headers and the logged-in customer's token or session cookie.
 */
export function sdkTransport(
  sdk: MedusaSdkLike,
  options: { fetch?: typeof fetch } = {}
): StoreTransport<StoreMethod> {
  // js-sdk keeps its configuration private; it is read, never changed.
  const config = (sdk.client as unknown as { config: SdkConfig }).config
  const usesSession = config.auth?.type === "session"
  return fetchTransport({
    baseUrl: config.baseUrl,
    publishableKey: config.publishableKey ?? "",
    credentials: usesSession ? "include" : undefined,
    fetch: options.fetch,
    headers: async () => {
      const token = usesSession ? undefined : await sdk.client.getToken()
      return {
        ...(config.globalHeaders ?? {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      }
    },
  })
}
