/**
 * Notifications through the real gateway client: signatures are computed
 * here with node:crypto from literal strings (the wire contract's result
 * recipe), independently of the client's signing code.
 */
import { createHash } from "node:crypto"
import { gatewayFor } from "../accounts/gateway-port"
import { queryEntrySchema } from "../gateway/index"
import { parseAcquiringOptions } from "../accounts/options"
import {
  memoryJournal,
  TEST_OPTIONS,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import { webhookAction } from "./notification"

const ORDER = "MED0123456789abcdef01234567"

function sign(values: string[], key = TEST_OPTIONS.sign_key): string {
  return createHash("sha256")
    .update((values.join("") + key).replace(/ /g, ""))
    .digest("hex")
}

const fields = {
  merchant_id: "M100",
  account_id: "A200",
  transaction_id: "T20261121000001",
  order_no: ORDER,
  currency: "USD",
  amount: "15.00",
  order_status: "1",
  result_info: "0000:Success",
  notify_type: "PAYMENT",
}
/** The signature of `fields` with another order_status, or with another key. */
const signedAs = (orderStatus: string, key?: string) =>
  sign(
    [
      "M100",
      "A200",
      "T20261121000001",
      ORDER,
      "USD",
      "15.00",
      orderStatus,
      "0000:Success",
    ],
    key
  )
const signature = signedAs("1")

/** The real client's verification; the status query answers `paymentStatus` for the order. */
async function core(
  paymentStatus = "2000",
  journalled = true,
  options: Record<string, unknown> = {}
) {
  const gateway = gatewayFor(parseAcquiringOptions(TEST_OPTIONS))
  const queries: unknown[] = []
  const port = {
    ...gateway,
    retrieveTransactions: async (selector: unknown) => {
      queries.push(selector)
      return [
        queryEntrySchema.parse({
          order_no: ORDER,
          transaction_id: fields.transaction_id,
          payment_status: paymentStatus,
          query_result: "1",
        }),
      ]
    },
  }
  const journal = memoryJournal()
  const built = testCore(port, options, journal)
  if (journalled) {
    await journal.record({
      provider_id: built.provider_id,
      kind: "authorise",
      order_no: ORDER,
      session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
      amount: "15.00",
      currency: "USD",
    })
  }
  return Object.assign(built, { queries })
}

/** Medusa's action for the journalled payment's authorising notification. */
const AUTHORISED = {
  action: "authorized",
  data: {
    session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
    amount: "15.00",
    order_no: ORDER,
    notify_type: "PAYMENT",
  },
}

describe("notifications", () => {
  it("finds the session through the journal and confirms the claim with the status query", async () => {
    for (const encryption_data of [signature, signature.toUpperCase()]) {
      const c = await core()
      const result = await webhookAction(c, {
        data: { ...fields, encryption_data },
      })
      expect(result).toEqual(AUTHORISED)
      expect(c.queries).toEqual([{ order_nos: [ORDER] }])
    }
  })

  describe("an authorisation the session holds already", () => {
    const held = {
      order_no: ORDER,
      transaction_id: fields.transaction_id,
    }
    const payload = { data: { ...fields, encryption_data: signature } }

    /** the storefront had it in the card's answer: Medusa's work waits card_order_wait_ms for its completion */
    const RESTATED = {
      ...AUTHORISED,
      data: { ...AUTHORISED.data, order_due_in_ms: 30_000 },
    }

    it("is not asked again: the notification that restates it is answered authorised without the status query, the order left to the storefront for card_order_wait_ms", async () => {
      const c = await core()
      expect(await webhookAction(c, payload, { held })).toEqual(RESTATED)
      expect(c.queries).toEqual([])

      const waiting = await core("2000", true, { card_order_wait_ms: 2_500 })
      expect(await webhookAction(waiting, payload, { held })).toEqual({
        ...AUTHORISED,
        data: { ...AUTHORISED.data, order_due_in_ms: 2_500 },
      })
      const atOnce = await core("2000", true, { card_order_wait_ms: 0 })
      expect(await webhookAction(atOnce, payload, { held })).toEqual(AUTHORISED)
    })

    it("is confirmed with the status query when the notification names another transaction or order, another type, or another outcome", async () => {
      const failed = signedAs("0")
      for (const [data, holding] of [
        [payload.data, { ...held, transaction_id: "T20261121000009" }],
        [payload.data, { ...held, order_no: "MED0000000000000000000000009" }],
        [{ ...payload.data, notify_type: "CANCEL" }, held],
        [{ ...fields, order_status: "0", encryption_data: failed }, held],
      ] as const) {
        const c = await core("2000")
        await webhookAction(c, { data }, { held: holding })
        expect(c.queries).toEqual([{ order_nos: [ORDER] }])
      }
    })

    it("is confirmed with the status query where an authorisation is captured at once, or for a hosted page's payment", async () => {
      const capturing = await core("3000", true, {
        capture_on: "authorisation",
      })
      expect((await webhookAction(capturing, payload, { held })).action).toBe(
        "captured"
      )
      expect(capturing.queries).toHaveLength(1)

      const hosted = await core("2000", false)
      await hosted.journal.record({
        provider_id: hosted.provider_id,
        kind: "checkout",
        order_no: ORDER,
        session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
        amount: "15.00",
        currency: "USD",
      })
      expect((await webhookAction(hosted, payload, { held })).action).toBe(
        "authorized"
      )
      expect(hosted.queries).toHaveLength(1)
    })

    it("is found once: the attempt the triage read from the journal serves the verified notification of its order number", async () => {
      const c = await core()
      const [attempt] = await c.journal.list({ order_no: ORDER }, 1)
      const list = jest.spyOn(c.journal, "list")
      expect(await webhookAction(c, payload, { attempt, held })).toEqual(
        RESTATED
      )
      expect(list).not.toHaveBeenCalled()

      // an attempt of another order number is not this notification's: it is looked up
      const other = { ...attempt!, order_no: "MED0000000000000000000000009" }
      expect(await webhookAction(c, payload, { attempt: other, held })).toEqual(
        RESTATED
      )
      expect(list).toHaveBeenCalledTimes(1)
    })

    it("still refuses a forged notification", async () => {
      const c = await core()
      expect(
        await webhookAction(
          c,
          { data: { ...fields, amount: "1.00", encryption_data: signature } },
          { held }
        )
      ).toEqual({ action: "not_supported" })
    })
  })

  it("reads a form body from the raw bytes", async () => {
    const raw = Buffer.from(
      new URLSearchParams({ ...fields, encryption_data: signature }).toString()
    )
    expect(
      (await webhookAction(await core(), { data: {}, rawData: raw })).action
    ).toBe("authorized")
  })

  it("refuses an altered amount, another key's signature, no signature, and changes nothing", async () => {
    const forged = signedAs("1", "guess")
    for (const data of [
      { ...fields, amount: "1.00", encryption_data: signature },
      { ...fields, encryption_data: forged },
      fields,
    ]) {
      const c = await core()
      expect(await webhookAction(c, { data })).toEqual({
        action: "not_supported",
      })
      expect(c.queries).toEqual([])
    }
  })

  it("ignores an order number the journal does not know", async () => {
    expect(
      (
        await webhookAction(await core("2000", false), {
          data: { ...fields, encryption_data: signature },
        })
      ).action
    ).toBe("not_supported")
  })

  it("acts on what the status query says, not on the claimed type: a replayed result under CANCEL stays authorised", async () => {
    const c = await core("2000")
    const result = await webhookAction(c, {
      data: { ...fields, notify_type: "CANCEL", encryption_data: signature },
    })
    expect(result.action).toBe("authorized")
  })

  it("maps what the status query confirms: captured, voided, failed", async () => {
    const capturedAtAuthorization = await core("3000", true, {
      capture_on: "authorisation",
    })
    expect(
      (
        await webhookAction(capturedAtAuthorization, {
          data: { ...fields, encryption_data: signature },
        })
      ).action
    ).toBe("captured")
    expect(
      (
        await webhookAction(await core("1100"), {
          data: {
            ...fields,
            notify_type: "CANCEL",
            encryption_data: signature,
          },
        })
      ).action
    ).toBe("canceled")
    expect(
      (
        await webhookAction(await core("1000"), {
          data: { ...fields, encryption_data: signature },
        })
      ).action
    ).toBe("failed")
  })

  it("leaves a capture made after authorising to the plugin's subscriber: Medusa's handler would record it a second time", async () => {
    for (const capture_on of ["manual", "fulfilment", "shipment"]) {
      const c = await core("3000", true, { capture_on })
      const result = await webhookAction(c, {
        data: { ...fields, notify_type: "CAPTURE", encryption_data: signature },
      })
      expect(result.action).toBe("not_supported")
      // the subscriber still finds the session to record the capture on
      expect(result.data).toMatchObject({
        session_id: "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
        notify_type: "CAPTURE",
      })
      expect(c.queries).toHaveLength(1)
    }
  })

  it("passes a REFUND on to the plugin's subscriber without acting on it itself", async () => {
    const c = await core()
    const result = await webhookAction(c, {
      data: { ...fields, notify_type: "REFUND", encryption_data: signature },
    })
    expect(result.action).toBe("not_supported")
    expect(result.data?.notify_type).toBe("REFUND")
    expect(c.queries).toEqual([])
  })
})
