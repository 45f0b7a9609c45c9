import { MedusaError } from "@medusajs/framework/utils"
import { GatewayRefusedError } from "../../gateway/errors"
import { authoriseCard, prepareAttempt } from "./card-authorisation"
import type { CardEntry } from "./card-entry"
import type { GatewayResult } from "./gateway-port"
import type { AcquiringSessionData } from "./session-data"
import { scriptedGateway, testContext } from "./test-gateway"

const SESSION = "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N"
const ORDER = "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N"
const CARD: CardEntry = {
  card: {
    number: "4242424242424242",
    expiry_month: "12",
    expiry_year: "2030",
    security_code: "123",
  },
  holder: { first_name: "Ada", last_name: "Lovelace" },
}
const fresh: AcquiringSessionData = {
  session_id: SESSION,
  order_no: ORDER,
  status: "pending",
  amount: "15.00",
  currency: "USD",
}
const amount = { amount: "15", currency: "USD" }

function result(over: Partial<GatewayResult>): GatewayResult {
  return {
    order_no: ORDER,
    transaction_id: "T1",
    amount: "15.00",
    currency: "USD",
    order_status: "1",
    result: { code: "0000", text: "Success" },
    card: "424242******4242",
    ...over,
  }
}

describe("authoriseCard", () => {
  it("sends the card in memory and keeps only the result", async () => {
    const { gateway, calls } = scriptedGateway({
      authorise: async () =>
        result({ risk_action: "ACCEPT", risk_score: "12" }),
    })
    const ctx = testContext(gateway)
    const data = await authoriseCard(ctx, fresh, amount, CARD)
    const sent = calls[0].args[0] as Record<string, unknown>
    expect(sent.card).toBe("4242424242424242")
    expect(sent.expiration_year).toBe("2030")
    expect(sent.security_code).toBe("123")
    expect(sent.order_no).toBe(ORDER)
    expect(sent.amount).toBe("15.00")
    expect(sent.notify_url).toBe(
      "https://api.shop.example/hooks/payment/acquiring-card_acquiring"
    )
    expect(data).toMatchObject({
      status: "authorized",
      transaction_id: "T1",
      card_masked: "424242******4242",
      risk: { action: "ACCEPT", score: "12" },
    })
    const stored = JSON.stringify(data) + ctx.lines.join("\n")
    expect(stored).not.toContain("4242424242424242")
    expect(stored).not.toContain('"123"')
    expect(stored).not.toContain("2030")
  })

  it("records a decline with the gateway's code and text", async () => {
    const { gateway } = scriptedGateway({
      authorise: async () =>
        result({
          order_status: "0",
          result: { code: "E0008", text: "Declined by issuer" },
        }),
    })
    const data = await authoriseCard(testContext(gateway), fresh, amount, CARD)
    expect(data.status).toBe("error")
    expect(data.result).toEqual({ code: "E0008", text: "Declined by issuer" })
  })

  it("uses the next order number after a decline", async () => {
    const { gateway, calls } = scriptedGateway({
      authorise: async () =>
        result({ order_no: `${ORDER}-2`, transaction_id: "T2" }),
    })
    const data = await authoriseCard(
      testContext(gateway),
      { ...fresh, status: "error", transaction_id: "T1" },
      amount,
      CARD
    )
    expect((calls[0].args[0] as Record<string, unknown>).order_no).toBe(
      `${ORDER}-2`
    )
    expect(data).toMatchObject({
      order_no: `${ORDER}-2`,
      status: "authorized",
      transaction_id: "T2",
    })
  })

  it("starts the attempt after a decline clean: no transaction id, result or mask of the declined one", async () => {
    const { gateway, calls } = scriptedGateway({})
    const declined: AcquiringSessionData = {
      ...fresh,
      status: "error",
      transaction_id: "T1",
      order_status: "0",
      result: { code: "E0008", text: "Declined by issuer" },
      card_masked: "400000******9995",
    }
    const next = await prepareAttempt(testContext(gateway), declined)
    expect(calls).toHaveLength(0)
    expect(next).toEqual({
      session_id: SESSION,
      order_no: `${ORDER}-2`,
      status: "pending",
      amount: "15.00",
      currency: "USD",
    })
  })

  it("never charges an authorised session again", async () => {
    const { gateway, calls } = scriptedGateway({})
    const data = await authoriseCard(
      testContext(gateway),
      { ...fresh, status: "authorized", transaction_id: "T1" },
      amount,
      CARD
    )
    expect(calls).toHaveLength(0)
    expect(data.status).toBe("authorized")
  })

  it("settles a duplicate order number with the status query", async () => {
    const { gateway, calls } = scriptedGateway({
      authorise: async () => {
        throw new GatewayRefusedError(
          "authorise",
          "I0061",
          "duplicate order_no"
        )
      },
      retrieveTransactions: async () => [
        {
          order_no: ORDER,
          transaction_id: "T1",
          payment_status: "2000",
          query_result: "1",
        },
      ],
    })
    const data = await authoriseCard(testContext(gateway), fresh, amount, CARD)
    expect(calls.map((c) => c.method)).toEqual([
      "authorise",
      "retrieveTransactions",
    ])
    expect(data).toMatchObject({ status: "authorized", transaction_id: "T1" })
  })

  it("settles a duplicate order number answered as a refused result (a concurrent submit) with the status query", async () => {
    const { gateway, calls } = scriptedGateway({
      authorise: async () =>
        result({
          transaction_id: "",
          order_status: "0",
          result: { code: "I0061", text: "Duplicate order number" },
        }),
      retrieveTransactions: async () => [
        {
          order_no: ORDER,
          transaction_id: "T1",
          payment_status: "2000",
          query_result: "1",
        },
      ],
    })
    const data = await authoriseCard(testContext(gateway), fresh, amount, CARD)
    expect(calls.map((c) => c.method)).toEqual([
      "authorise",
      "retrieveTransactions",
    ])
    expect(data).toMatchObject({ status: "authorized", transaction_id: "T1" })
  })

  it("turns a 3-D Secure challenge into requires_more with the form the storefront posts", async () => {
    const { gateway } = scriptedGateway({
      authorise: async () =>
        result({
          order_status: "-1",
          issuer_url: "https://acs.example/challenge/T1",
          result: { code: "0001", text: "3DS required" },
        }),
    })
    const data = await authoriseCard(testContext(gateway), fresh, amount, CARD)
    expect(data.status).toBe("requires_more")
    expect(data.three_ds).toEqual({
      issuer_url: "https://acs.example/challenge/T1",
      form: {
        action: "https://acs.example/challenge/T1",
        method: "POST",
        inputs: {
          return_url: `https://api.shop.example/acquiring/return/${SESSION}`,
          notify_url:
            "https://api.shop.example/hooks/payment/acquiring-card_acquiring",
        },
      },
    })
  })

  it("keeps a held-for-review payment authorised and flagged", async () => {
    const { gateway } = scriptedGateway({
      authorise: async () =>
        result({ order_status: "-2", risk_action: "REVIEW" }),
    })
    const data = await authoriseCard(testContext(gateway), fresh, amount, CARD)
    expect(data).toMatchObject({
      status: "authorized",
      order_status: "-2",
      risk: { action: "REVIEW" },
    })
  })

  it("refuses a canceled session", async () => {
    const { gateway } = scriptedGateway({})
    await expect(
      authoriseCard(
        testContext(gateway),
        { ...fresh, status: "canceled" },
        amount,
        CARD
      )
    ).rejects.toBeInstanceOf(MedusaError)
  })
})
