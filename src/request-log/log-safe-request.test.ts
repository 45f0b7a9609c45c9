import {
  logSafeLogger,
  logSafeReferrer,
  logSafeRequest,
  logSafeUrl,
} from "./log-safe-request"

const PAN = "4000056655665556"
const MASKED = "400005******5556"
const AMEX = "378282246310005"

describe("logSafeUrl", () => {
  it("masks a card number put in place of a token or id, in any writing", () => {
    expect(logSafeUrl(`/acquiring/return/${PAN}`)).toBe(
      `/acquiring/return/${MASKED}`
    )
    expect(logSafeUrl("/acquiring/pages/4000%200566%205566%205556")).toBe(
      `/acquiring/pages/${encodeURIComponent("400005******5556")}`
    )
    expect(logSafeUrl("/acquiring/pages/4000-0566-5566-5556")).toBe(
      `/acquiring/pages/${MASKED}`
    )
    expect(logSafeUrl("/acquiring/pages/4000+0566+5566+5556")).toBe(
      `/acquiring/pages/${MASKED}`
    )
    const escaped = [...PAN]
      .map((d) => `%${d.charCodeAt(0).toString(16)}`)
      .join("")
    expect(
      logSafeUrl(`/store/acquiring/payment-sessions/${escaped}/checkout`)
    ).toBe(`/store/acquiring/payment-sessions/${MASKED}/checkout`)
  })

  it("leaves the plugin's own tokens and Medusa's ids as they are", () => {
    const token = "6f1c0e9a4b7d2c8e5f3a1b09"
    expect(logSafeUrl(`/acquiring/pages/${token}`)).toBe(
      `/acquiring/pages/${token}`
    )
    expect(
      logSafeUrl("/store/acquiring/payment-sessions/payses_01JZ5Q3/card")
    ).toBe("/store/acquiring/payment-sessions/payses_01JZ5Q3/card")
    // a malformed escape does not throw
    expect(logSafeUrl("/acquiring/pages/%E0%A4%A")).toBe(
      "/acquiring/pages/%E0%A4%A"
    )
  })

  it("drops query parameters a route does not log, name and value", () => {
    expect(
      logSafeUrl(`/acquiring/pages/abc?order_no=${PAN}&${AMEX}=1&cvv=123`)
    ).toBe("/acquiring/pages/abc")
    expect(
      logSafeUrl(
        `/store/acquiring/payment-sessions/ps_1/checkout?order_no=${PAN}`
      )
    ).toBe("/store/acquiring/payment-sessions/ps_1/checkout")
  })

  it("keeps the browser return's outcome fields and the admin filters, values masked", () => {
    expect(
      logSafeUrl(
        `/acquiring/return/abc?order_no=${PAN}&order_status=1&card=424242******4242&security_code=123&encryption_data=ff&${AMEX}=x`
      )
    ).toBe(`/acquiring/return/abc?order_no=${MASKED}&order_status=1`)
    expect(
      logSafeUrl(
        `/acquiring/cancel/abc?result_info=${encodeURIComponent("E0008:declined")}`
      )
    ).toBe(`/acquiring/cancel/abc?result_info=E0008%3Adeclined`)
    expect(
      logSafeUrl(
        `/admin/acquiring/payouts?q=5555+5555+5555+4444&status=failed&created_at[gte]=2026-01-01&iban=DE00`
      )
    ).toBe(
      `/admin/acquiring/payouts?q=${encodeURIComponent("555555******4444")}&status=failed&created_at%5Bgte%5D=2026-01-01`
    )
    expect(logSafeUrl(`/admin/acquiring/refunds?reference=${PAN}`)).toBe(
      `/admin/acquiring/refunds?reference=${MASKED}`
    )
  })
})

describe("logSafeReferrer", () => {
  it("keeps the origin and the masked path, never the query", () => {
    expect(
      logSafeReferrer(`https://shop.example.com/pay/${PAN}?card=${PAN}#x`)
    ).toBe(`https://shop.example.com/pay/${MASKED}`)
    expect(logSafeReferrer(`not a url ${PAN}`)).toBe(`not a url ${MASKED}`)
  })
})

describe("logSafeLogger", () => {
  it("masks card-like runs in messages and errors, and passes everything else through", () => {
    const lines: unknown[][] = []
    const logger = {
      level: "info",
      info(...args: unknown[]) {
        lines.push(["info", ...args])
      },
      error(...args: unknown[]) {
        lines.push(["error", ...args])
      },
      shouldLog(level: string) {
        return level === this.level
      },
    }
    const safe = logSafeLogger(logger)
    expect(logSafeLogger(logger)).toBe(safe)

    safe.info(`Payment session ${PAN} was not found`)
    const error = Object.assign(
      new Error(`Payment with id: ${PAN} was not found`),
      {
        type: "not_found",
      }
    )
    safe.error(error)
    safe.error(`failed for ${AMEX}`, error)

    expect(lines[0]).toEqual([
      "info",
      `Payment session ${MASKED} was not found`,
    ])
    const logged = lines[1]![1] as Error
    expect(logged).toBeInstanceOf(Error)
    expect(logged.message).toBe(`Payment with id: ${MASKED} was not found`)
    expect(logged.stack).not.toContain(PAN)
    expect((logged as Error & { type?: string }).type).toBe("not_found")
    expect(lines[2]![1]).toBe("failed for 378282*****0005")
    expect(JSON.stringify(lines)).not.toContain(PAN)
    // the original error is untouched
    expect(error.message).toContain(PAN)
    expect(safe.shouldLog("info")).toBe(true)
    expect(safe.level).toBe("info")
  })
})

describe("logSafeRequest", () => {
  function request(url: string, headers: Record<string, string> = {}) {
    const registered: Record<string, { resolve: () => unknown }> = {}
    const logger = { info: jest.fn() }
    return {
      registered,
      logger,
      req: {
        url,
        originalUrl: url,
        headers,
        query: { order_no: PAN },
        requestId: `req-${PAN}`,
        scope: {
          resolve: () => logger,
          register: (name: string, resolver: { resolve: () => unknown }) => {
            registered[name] = resolver
          },
        },
      } as any,
    }
  }

  it("rewrites what the access log and the error handler read, not what the route reads", () => {
    const { req, registered, logger } = request(
      `/acquiring/return/${PAN}?order_no=${PAN}&x=${PAN}`,
      {
        referer: `https://pay.example.com/page?card=${PAN}`,
        "user-agent": `Mozilla/5.0 (X11) card ${PAN}`,
      }
    )
    const next = jest.fn()
    logSafeRequest(req, {} as any, next)
    expect(next).toHaveBeenCalledWith()
    expect(req.originalUrl).toBe(
      `/acquiring/return/${MASKED}?order_no=${MASKED}`
    )
    expect(req.url).toBe(`/acquiring/return/${PAN}?order_no=${PAN}&x=${PAN}`)
    expect(req.query).toEqual({ order_no: PAN })
    expect(req.headers.referer).toBe("https://pay.example.com/page")
    expect(req.headers["user-agent"]).toBe(`Mozilla/5.0 (X11) card ${MASKED}`)
    expect(req.requestId).toBe(`req-${MASKED}`)

    const scoped = registered.logger!.resolve() as typeof logger
    scoped.info(`Payment ${PAN} was not found`)
    expect(logger.info).toHaveBeenCalledWith(`Payment ${MASKED} was not found`)
  })

  it("leaves other providers' webhooks alone", () => {
    const url = `/hooks/payment/stripe_stripe?x=${PAN}`
    const { req, registered } = request(url)
    logSafeRequest(req, {} as any, jest.fn())
    expect(req.originalUrl).toBe(url)
    expect(registered).toEqual({})

    const own = request(`/hooks/payment/acquiring-card_acquiring/${PAN}?x=1`)
    logSafeRequest(own.req, {} as any, jest.fn())
    expect(own.req.originalUrl).toBe(
      `/hooks/payment/acquiring-card_acquiring/${MASKED}`
    )
  })
})
