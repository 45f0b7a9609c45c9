import { parse } from "node-html-parser"
import { parseResponXml } from "../gateway/codecs/xml-result"
import { startSandbox, type SandboxHandle } from "./sandbox"
import {
  authorizeBody,
  expectedResultSignature,
  get,
  post,
  startReceiver,
  TEST_ACCOUNT,
  waitFor,
} from "./__fixtures__/test-harness"

let sandbox: SandboxHandle
beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ ...TEST_ACCOUNT }] })
})
afterAll(() => sandbox.close())

async function challenge(overrides: Record<string, unknown> = {}) {
  const answer = await post(
    `${sandbox.url}/v1/authorise`,
    authorizeBody({ card: "4000002500003155", open3d: "do3DS", ...overrides })
  )
  const result = parseResponXml(answer.text)
  expect(result.order_status).toBe("-1")
  expect(result.threeds_result).toBe("CHALLENGE_PENDING")
  return {
    transaction_id: String(result.transaction_id),
    issuer_url: String(result.issuer_url),
  }
}

/** Opens the challenge as the storefront does (POST with return_url and notify_url) and picks the outcome form. */
async function answerChallenge(
  issuerUrl: string,
  outcome: "pass" | "fail",
  urls: Record<string, string>
) {
  const opened = await post(issuerUrl, urls, "form")
  expect(opened.status).toBe(200)
  const forms = parse(opened.text).querySelectorAll("form")
  const form = forms.find(
    (f) =>
      f.querySelector('input[name="outcome"]')?.getAttribute("value") ===
      outcome
  )!
  expect(form.getAttribute("method")).toBe("post")
  return post(
    `${sandbox.url}${form.getAttribute("action")}`,
    { outcome },
    "form"
  )
}

function returnedFields(location: string | null): Record<string, string> {
  return Object.fromEntries(new URL(String(location)).searchParams)
}

describe("3-D Secure challenge", () => {
  it("passes: back to return_url with the signed authorised result, and a PAYMENT notification", async () => {
    const receiver = await startReceiver()
    try {
      const { transaction_id, issuer_url } = await challenge()
      const done = await answerChallenge(issuer_url, "pass", {
        return_url: `${receiver.url}/return?x=1`,
        notify_url: receiver.url,
      })
      expect(done.status).toBe(303)
      const location = String(done.headers.get("location"))
      expect(location.startsWith(`${receiver.url}/return?x=1&`)).toBe(true)
      const fields = returnedFields(location)
      expect(fields).toMatchObject({
        transaction_id,
        order_status: "1",
        result_info: "0000:Success",
        threeds_result: "AUTHENTICATED",
        payment_status: "2000",
      })
      expect(fields.encryption_data).toBe(expectedResultSignature(fields))
      // follow the redirect as the browser would
      await get(location)
      const note = receiver.received.find(
        (r) => r.fields.notify_type === "PAYMENT"
      )
      expect(note?.fields).toMatchObject({ transaction_id, order_status: "1" })
      expect(
        receiver.received.some((r) => r.path.startsWith("/notify/return?x=1&"))
      ).toBe(true)
    } finally {
      await receiver.close()
    }
  })

  it("fails: order_status 0 with E0010 and payment_status 1000", async () => {
    const { transaction_id, issuer_url } = await challenge()
    const done = await answerChallenge(issuer_url, "fail", {
      return_url: "http://127.0.0.1:9/back",
    })
    const fields = returnedFields(done.headers.get("location"))
    expect(fields).toMatchObject({
      transaction_id,
      order_status: "0",
      threeds_result: "FAILED",
      payment_status: "1000",
    })
    expect(fields.result_info).toMatch(/^E0010:/)
    const again = await post(
      `${issuer_url}/complete`,
      { outcome: "pass" },
      "form"
    )
    expect(again.status).toBe(409)
  })

  it("shows a result page when there is no return_url, and refuses a notify_url off loopback", async () => {
    const { issuer_url } = await challenge()
    const refused = await post(
      issuer_url,
      { notify_url: "http://203.0.113.9/hook" },
      "form"
    )
    expect(refused.status).toBe(400)
    expect(refused.text).toContain("notify_url must be on loopback")
    const opened = await get(issuer_url)
    expect(opened.status).toBe(200)
    const done = await post(
      `${issuer_url}/complete`,
      { outcome: "pass" },
      "form"
    )
    expect(done.status).toBe(200)
    expect(done.text).toContain("order_status 1")
  })

  it("can be resolved from the control surface", async () => {
    const { transaction_id } = await challenge()
    const forced = await post(
      `${sandbox.url}/__sandbox/three-d-secure/${transaction_id}`,
      { outcome: "fail" }
    )
    expect(forced.status).toBe(200)
    expect(forced.json().transaction).toMatchObject({
      payment_status: "1000",
      threeds_result: "FAILED",
    })
    const twice = await post(
      `${sandbox.url}/__sandbox/three-d-secure/${transaction_id}`,
      { outcome: "pass" }
    )
    expect(twice.status).toBe(409)
    expect(
      sandbox.resolveThreeDSecure((await challenge()).transaction_id, "pass")
    ).toBe(true)
  })

  it("keeps a card asked for (token_flag YES) only once the challenge passes: token_id in the return and the notification", async () => {
    const receiver = await startReceiver()
    try {
      const answer = await post(
        `${sandbox.url}/v1/authorise`,
        authorizeBody({
          card: "4000002500003155",
          open3d: "do3DS",
          token_flag: "YES",
        })
      )
      const pending = parseResponXml(answer.text)
      expect(pending).toMatchObject({ order_status: "-1", token_id: "" })
      const before = sandbox.storedCards().length

      const done = await answerChallenge(String(pending.issuer_url), "pass", {
        return_url: `${receiver.url}/return`,
        notify_url: receiver.url,
      })
      const fields = returnedFields(done.headers.get("location"))
      expect(fields).toMatchObject({
        transaction_id: String(pending.transaction_id),
        order_status: "1",
        threeds_result: "AUTHENTICATED",
      })
      expect(fields.token_id).toMatch(/^tok_[a-z]{32}$/)
      expect(fields.encryption_data).toBe(expectedResultSignature(fields))
      const cards = sandbox.storedCards()
      expect(cards).toHaveLength(before + 1)
      expect(cards[cards.length - 1]).toMatchObject({
        token_id: fields.token_id,
        card_masked: "400000******3155",
        state: "active",
      })
      const note = await waitFor(() =>
        receiver.received.find((r) => r.fields.notify_type === "PAYMENT")
      )
      expect(note.fields).toMatchObject({
        order_status: "1",
        token_id: fields.token_id,
      })
    } finally {
      await receiver.close()
    }
  })

  it("keeps nothing when the challenge fails", async () => {
    const before = sandbox.storedCards().length
    const { issuer_url } = await challenge({ token_flag: "YES" })
    const done = await answerChallenge(issuer_url, "fail", {
      return_url: "http://127.0.0.1:9/back",
    })
    const fields = returnedFields(done.headers.get("location"))
    expect(fields).toMatchObject({ order_status: "0", token_id: "" })
    expect(sandbox.storedCards()).toHaveLength(before)
  })

  it("answers 404 for an unknown challenge token", async () => {
    expect(
      (await get(`${sandbox.url}/3ds/challenge/${"0".repeat(32)}`)).status
    ).toBe(404)
  })
})
