import { mapCardAnswer, submitCard } from "./card-outcome"
import type { StoreAnswer, StoreTransport } from "./transport"

const session = (status: string, data: Record<string, unknown> = {}) => ({
  payment_session: { id: "payses_1", status, data: { status, ...data } },
})

const CHALLENGE_FORM = {
  action: "http://127.0.0.1:4010/3ds/challenge/abc",
  method: "POST",
  inputs: { PaReq: "token-1", TermUrl: "http://127.0.0.1:9000/back" },
}

describe("mapCardAnswer", () => {
  it("maps an authorised session", () => {
    const outcome = mapCardAnswer({ status: 200, body: session("authorized") })
    expect(outcome.kind).toBe("authorized")
  })

  it("maps a session the acquirer holds for review", () => {
    const outcome = mapCardAnswer({
      status: 200,
      body: session("authorized", { review: "held" }),
    })
    expect(outcome.kind).toBe("held_for_review")
  })

  it("maps a captured session", () => {
    expect(mapCardAnswer({ status: 200, body: session("captured") }).kind).toBe(
      "captured"
    )
  })

  it("gives the 3-D Secure form and a redirect that posts it", () => {
    const posted: unknown[] = []
    const outcome = mapCardAnswer(
      {
        status: 200,
        body: session("requires_more", { three_ds: { form: CHALLENGE_FORM } }),
      },
      (form) => posted.push(form)
    )
    expect(outcome.kind).toBe("three_ds_required")
    if (outcome.kind !== "three_ds_required") return
    expect(outcome.form.inputs).toEqual({
      PaReq: "token-1",
      TermUrl: "http://127.0.0.1:9000/back",
    })
    expect(posted).toEqual([])
    outcome.redirect()
    expect(posted).toEqual([CHALLENGE_FORM])
  })

  it("maps a decline with the acquirer's code and the shopper's text", () => {
    const outcome = mapCardAnswer({
      status: 402,
      body: {
        type: "payment_declined",
        code: "E0008",
        message: "The card was declined by the issuer",
        ...session("error"),
      },
    })
    expect(outcome).toMatchObject({
      kind: "declined",
      code: "E0008",
      message: "The card was declined by the issuer",
    })
  })

  it("names the refused field", () => {
    const outcome = mapCardAnswer({
      status: 400,
      body: {
        type: "invalid_data",
        message: "card.expiry_month: must be 01 to 12",
        issues: [{ field: "card.expiry_month", reason: "must be 01 to 12" }],
      },
    })
    expect(outcome).toMatchObject({
      kind: "invalid",
      field: "card.expiry_month",
      reason: "must be 01 to 12",
    })
  })

  it("takes the wait from Retry-After, else from the body", () => {
    const rateLimited = (answer: StoreAnswer) => mapCardAnswer(answer)
    expect(
      rateLimited({
        status: 429,
        retryAfter: 12,
        body: { type: "rate_limited", message: "slow down", retry_after: 40 },
      })
    ).toEqual({ kind: "rate_limited", retryAfter: 12, message: "slow down" })
    expect(
      rateLimited({
        status: 429,
        body: { type: "rate_limited", message: "slow down", retry_after: 40 },
      })
    ).toEqual({ kind: "rate_limited", retryAfter: 40, message: "slow down" })
  })

  it("tells an outcome being confirmed from another conflict", () => {
    expect(
      mapCardAnswer({
        status: 409,
        body: {
          type: "outcome_pending",
          message: "confirming",
          ...session("pending"),
        },
      }).kind
    ).toBe("outcome_pending")
    expect(
      mapCardAnswer({
        status: 409,
        body: { type: "not_allowed", message: "already paid" },
      })
    ).toEqual({ kind: "failed", status: 409, message: "already paid" })
  })

  it("maps an unknown session and a server error to failed", () => {
    expect(
      mapCardAnswer({
        status: 404,
        body: { type: "not_found", message: "no such session" },
      })
    ).toEqual({ kind: "failed", status: 404, message: "no such session" })
    expect(mapCardAnswer({ status: 500, body: undefined })).toEqual({
      kind: "failed",
      status: 500,
      message: "The store answered 500",
    })
  })
})

describe("submitCard", () => {
  it("posts the card without spaces, with the holder, to the session's route", async () => {
    const calls: unknown[][] = []
    const store: StoreTransport = async (...args) => {
      calls.push(args)
      return { status: 200, body: session("authorized") }
    }
    await submitCard(
      store,
      "payses_01/x",
      {
        number: "4242 4242 4242 4242",
        expiry_month: "12",
        expiry_year: "2031",
        security_code: "918",
      },
      { first_name: "Ada", last_name: "Shopper" }
    )
    expect(calls).toEqual([
      [
        "POST",
        "/store/acquiring/payment-sessions/payses_01%2Fx/card",
        {
          card: {
            number: "4242424242424242",
            expiry_month: "12",
            expiry_year: "2031",
            security_code: "918",
          },
          holder: { first_name: "Ada", last_name: "Shopper" },
        },
      ],
    ])
  })
})

describe("submitCard with saved cards", () => {
  function recordingStore() {
    const bodies: unknown[] = []
    const paths: string[] = []
    const store: StoreTransport = async (method, path, body) => {
      paths.push(`${method} ${path}`)
      bodies.push(body)
      return { status: 200, body: session("authorized") }
    }
    return { store, bodies, paths }
  }

  const TYPED = {
    number: "4242 4242 4242 4242",
    expiry_month: "12",
    expiry_year: "2031",
    security_code: "918",
  }

  it("asks to keep a typed card with save_card", async () => {
    const { store, bodies, paths } = recordingStore()
    await submitCard(store, "ps_1", TYPED, undefined, { saveCard: true })
    expect(paths).toEqual(["POST /store/acquiring/payment-sessions/ps_1/card"])
    expect(bodies).toEqual([
      {
        card: {
          number: "4242424242424242",
          expiry_month: "12",
          expiry_year: "2031",
          security_code: "918",
        },
        save_card: true,
      },
    ])
  })

  it("sends no save_card unless asked", async () => {
    const { store, bodies } = recordingStore()
    await submitCard(store, "ps_1", TYPED, undefined, { saveCard: false })
    expect(bodies[0]).not.toHaveProperty("save_card")
  })

  it("pays with a saved card's id and the code typed again, nothing else", async () => {
    const { store, bodies, paths } = recordingStore()
    const outcome = await submitCard(
      store,
      "ps_1",
      { saved_card: { id: "acqcard_01", security_code: "737" } },
      { first_name: "Ada", last_name: "Shopper" }
    )
    expect(outcome.kind).toBe("authorized")
    expect(paths).toEqual(["POST /store/acquiring/payment-sessions/ps_1/card"])
    expect(bodies).toEqual([
      {
        saved_card: { id: "acqcard_01", security_code: "737" },
        holder: { first_name: "Ada", last_name: "Shopper" },
      },
    ])
  })

  it("leaves the code out when none is given, and keys the plugin refuses", async () => {
    const { store, bodies } = recordingStore()
    const choice = {
      saved_card: { id: "acqcard_01", card_masked: "424242******4242" },
    }
    await submitCard(store, "ps_1", choice)
    expect(bodies).toEqual([{ saved_card: { id: "acqcard_01" } }])
  })

  it("maps the acquirer forgetting a saved card to a decline with code E0011", async () => {
    const store: StoreTransport = async () => ({
      status: 402,
      body: {
        type: "payment_declined",
        code: "E0011",
        message: "The saved card can no longer be used",
        ...session("error"),
      },
    })
    const outcome = await submitCard(store, "ps_1", {
      saved_card: { id: "acqcard_01", security_code: "737" },
    })
    expect(outcome).toMatchObject({
      kind: "declined",
      code: "E0011",
      message: "The saved card can no longer be used",
    })
  })
})

describe("outcomeOfSession", () => {
  it("keeps the saved card's id the session names", () => {
    const outcome = mapCardAnswer({
      status: 200,
      body: session("authorized", { saved_card_id: "acqcard_07" }),
    })
    expect(outcome.kind === "authorized" && outcome.session.data).toEqual({
      status: "authorized",
      saved_card_id: "acqcard_07",
    })
  })
})
