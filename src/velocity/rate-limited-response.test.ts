import { sendRateLimited } from "./index"

function recorder() {
  const sent = {
    status: 0,
    headers: {} as Record<string, string>,
    body: undefined as unknown,
  }
  const res = {
    status(code: number) {
      sent.status = code
      return res
    },
    setHeader(name: string, value: string) {
      sent.headers[name] = value
    },
    json(body: unknown) {
      sent.body = body
    },
  }
  return { res, sent }
}

it("answers 429 with Retry-After and the contract's body", () => {
  const { res, sent } = recorder()
  sendRateLimited(res, {
    allowed: false,
    scope: "ip",
    reason: "limit",
    retry_after_s: 42,
    message: "Too many payment attempts.",
  })
  expect(sent).toEqual({
    status: 429,
    headers: { "Retry-After": "42", "Cache-Control": "no-store" },
    body: {
      type: "rate_limited",
      message: "Too many payment attempts.",
      retry_after: 42,
    },
  })
})

it("answers a missing CAPTCHA without Retry-After", () => {
  const { res, sent } = recorder()
  sendRateLimited(res, {
    allowed: false,
    scope: "captcha",
    reason: "captcha_required",
    retry_after_s: 0,
    message: "Please complete the verification.",
  })
  expect(sent.status).toBe(429)
  expect(sent.headers["Retry-After"]).toBeUndefined()
  expect(sent.body).toEqual({
    type: "captcha_required",
    message: "Please complete the verification.",
  })
})
