import type { QueryEntry, VerifiedResult } from "../gateway/index"
import {
  queryMeaning,
  resultMeaning,
  sessionStatusOf,
  webhookActionOf,
} from "./status-meaning"
import { applyQuery, canMove, isWaiting } from "./transitions"
import type { SessionData } from "./session-data"

const manual = { auto_capture: false }
const transferResult = (order_status: string, code: string) =>
  ({
    order_status,
    payment_method: "BANK_TRANSFER",
    result: { code, text: "" },
  }) as VerifiedResult

describe("a delayed method (a bank transfer)", () => {
  it("awaits the money after the hosted page, and is captured on arrival whatever the capture policy", () => {
    // wire contract: -1 with P0001 awaiting the transfer; 1 when the money arrived
    expect(resultMeaning(transferResult("-1", "P0001"), manual)).toEqual({
      state: "awaiting_transfer",
      held: false,
    })
    expect(resultMeaning(transferResult("1", "0000"), manual)).toEqual({
      state: "captured",
      held: false,
    })
    expect(resultMeaning(transferResult("0", "E0012"), manual)).toEqual({
      state: "declined",
      held: false,
    })
  })

  it("reads the status query's pending as still awaited, and what arrived as captured", () => {
    const entry = (payment_status: string) =>
      ({ payment_status, payment_method: "BANK_TRANSFER" }) as QueryEntry
    expect(queryMeaning(entry("2100"))).toEqual({ state: "awaiting_transfer" })
    expect(queryMeaning(entry("3000"))).toMatchObject({ state: "captured" })
    expect(queryMeaning(entry("1100"))).toEqual({ state: "void" })
    // a card's pending is not a transfer's
    expect(queryMeaning({ payment_status: "2100" } as QueryEntry)).toEqual({
      state: "pending",
    })
  })

  it("is Medusa's pending_authorization, which its webhook handler leaves to the plugin", () => {
    expect(sessionStatusOf("awaiting_transfer")).toBe("pending_authorization")
    expect(webhookActionOf("awaiting_transfer")).toBe("pending")
  })

  it("only ends: arrived, lapsed or voided, never back to an earlier wait", () => {
    expect(isWaiting("awaiting_transfer")).toBe(true)
    for (const to of ["captured", "declined", "void"] as const)
      expect(canMove("awaiting_transfer", to)).toBe(true)
    for (const to of [
      "pending",
      "sent",
      "unknown",
      "requires_more",
      "absent",
    ] as const)
      expect(canMove("awaiting_transfer", to)).toBe(false)
  })

  it("drops the awaiting result once the status query says the transfer ended (the query carries no result)", () => {
    const awaiting: SessionData = {
      session_id: "payses_1",
      order_no: "MED1",
      status: "pending_authorization",
      payment_method: "BANK_TRANSFER",
      result: { code: "P0001", text: "Awaiting the shopper's transfer" },
      attempts: [
        {
          order_no: "MED1",
          kind: "checkout",
          state: "awaiting_transfer",
          at: "2026-11-28T10:00:00.000Z",
        },
      ],
    }
    const entry = (payment_status: string) =>
      ({
        order_no: "MED1",
        payment_status,
        payment_method: "BANK_TRANSFER",
      }) as QueryEntry
    const rules = { auto_capture: false }
    for (const status of ["3000", "1100"]) {
      const ended = applyQuery(awaiting, entry(status), rules)
      expect(ended.status).not.toBe("pending_authorization")
      expect(ended.result).toBeUndefined()
    }
    // still awaited: the result stays
    expect(applyQuery(awaiting, entry("2100"), rules).result).toEqual(
      awaiting.result
    )
  })

  it("follows the options: other delayed methods, another awaiting code, or none", () => {
    const other = { methods: ["SEPA_CREDIT"], awaiting_code: "W0100" }
    expect(
      resultMeaning(
        {
          order_status: "-1",
          payment_method: "SEPA_CREDIT",
          result: { code: "W0100", text: "" },
        } as VerifiedResult,
        { ...manual, delayed: other }
      )
    ).toMatchObject({ state: "awaiting_transfer" })
    // BANK_TRANSFER is not delayed for this acquirer: its authorisation is a card's
    expect(
      resultMeaning(transferResult("1", "0000"), { ...manual, delayed: other })
    ).toEqual({ state: "authorized", held: false })
  })
})
