import { openHostedPage } from "./hosted-page"
import type { StoreTransport } from "./transport"

describe("openHostedPage", () => {
  it("asks for the one-time page and sends the browser there", async () => {
    const paths: string[] = []
    const store: StoreTransport = async (method, path) => {
      paths.push(`${method} ${path}`)
      return {
        status: 200,
        body: { url: "http://127.0.0.1:9000/acquiring/pages/tok_1" },
      }
    }
    const visited: string[] = []
    const outcome = await openHostedPage(store, "ps_1", {
      navigate: (url) => visited.push(url),
    })
    expect(paths).toEqual([
      "POST /store/acquiring/payment-sessions/ps_1/hosted-page",
    ])
    expect(visited).toEqual(["http://127.0.0.1:9000/acquiring/pages/tok_1"])
    expect(outcome).toEqual({
      kind: "opened",
      url: "http://127.0.0.1:9000/acquiring/pages/tok_1",
    })
  })

  it("stays on the page when refused", async () => {
    const visited: string[] = []
    const navigate = (url: string) => visited.push(url)
    const answer = (status: number, body: unknown, retryAfter?: number) =>
      openHostedPage(async () => ({ status, body, retryAfter }), "ps_1", {
        navigate,
      })
    expect(
      await answer(429, { type: "rate_limited", message: "wait" }, 7)
    ).toEqual({ kind: "rate_limited", retryAfter: 7, message: "wait" })
    expect(
      await answer(409, { type: "outcome_pending", message: "confirming" })
    ).toEqual({ kind: "outcome_pending", message: "confirming" })
    expect(await answer(404, { type: "not_found", message: "gone" })).toEqual({
      kind: "failed",
      status: 404,
      message: "gone",
    })
    expect(visited).toEqual([])
  })

  it("asks to keep the card typed on the page with save_card, and sends no body otherwise", async () => {
    const bodies: unknown[] = []
    const store: StoreTransport = async (_method, _path, body) => {
      bodies.push(body)
      return { status: 200, body: { url: "http://127.0.0.1:9000/p/tok" } }
    }
    const navigate = () => {}
    await openHostedPage(store, "ps_1", { navigate, saveCard: true })
    await openHostedPage(store, "ps_1", { navigate })
    expect(bodies).toEqual([{ save_card: true }, undefined])
  })

  it("reports a guest's refused save as failed, staying on the page", async () => {
    const visited: string[] = []
    const outcome = await openHostedPage(
      async () => ({
        status: 400,
        body: {
          type: "invalid_data",
          message: "save_card: keeps a card for a signed-in customer only",
        },
      }),
      "ps_1",
      { navigate: (url) => visited.push(url), saveCard: true }
    )
    expect(outcome).toEqual({
      kind: "failed",
      status: 400,
      message: "save_card: keeps a card for a signed-in customer only",
    })
    expect(visited).toEqual([])
  })
})
