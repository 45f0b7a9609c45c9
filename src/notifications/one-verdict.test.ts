import { oncePerPayload, verdictOnce } from "./one-verdict"

const CARD = "pp_acquiring-card_acquiring"
const authorised = {
  action: "authorized" as const,
  data: { session_id: "ps_1", amount: 15 },
}

describe("verdictOnce", () => {
  it("asks once for both handlers of one event, even while the first asking is in flight", async () => {
    const payload = { data: {}, rawData: "a", headers: {} }
    let asked = 0
    let answer!: (value: typeof authorised) => void
    const judge = () => {
      asked += 1
      return new Promise<typeof authorised>((resolve) => (answer = resolve))
    }
    const medusas = verdictOnce(payload, CARD, judge)
    const plugins = verdictOnce(payload, CARD, judge)
    answer(authorised)
    await expect(medusas).resolves.toEqual(authorised)
    await expect(plugins).resolves.toEqual(authorised)
    await expect(verdictOnce(payload, CARD, judge)).resolves.toEqual(authorised)
    expect(asked).toBe(1)
  })

  it("asks again for another event with the same body (a redelivery)", async () => {
    let asked = 0
    const judge = async () => {
      asked += 1
      return authorised
    }
    await verdictOnce({ rawData: "same" }, CARD, judge)
    await verdictOnce({ rawData: "same" }, CARD, judge)
    expect(asked).toBe(2)
  })

  it("answers each provider for itself", async () => {
    const payload = { rawData: "c" }
    const asked: string[] = []
    const judge = (provider: string) => async () => {
      asked.push(provider)
      return authorised
    }
    await verdictOnce(payload, CARD, judge(CARD))
    await verdictOnce(payload, "pp_acquiring-hosted_acquiring", judge("hosted"))
    expect(asked).toEqual([CARD, "hosted"])
  })

  it("does not keep a failed asking: the next handler asks the acquirer again", async () => {
    const payload = { rawData: "b" }
    await expect(
      verdictOnce(payload, CARD, async () => {
        throw new Error("connection reset")
      })
    ).rejects.toThrow("connection reset")
    await expect(
      verdictOnce(payload, CARD, async () => authorised)
    ).resolves.toEqual(authorised)
  })
})

describe("oncePerPayload", () => {
  it("keeps each memo apart: a triage and a verdict of one payload are asked once each", async () => {
    const triageOnce = oncePerPayload<string>()
    const payload = { rawData: "d" }
    const asked: string[] = []
    const ask = (what: string) => async () => (asked.push(what), what)
    await triageOnce(payload, CARD, ask("triage"))
    await triageOnce(payload, CARD, ask("triage"))
    await verdictOnce(
      payload,
      CARD,
      async () => (asked.push("verdict"), authorised)
    )
    expect(asked).toEqual(["triage", "verdict"])
  })
})
