import { BigNumber, MedusaError } from "@medusajs/framework/utils"
import { AcquiringCardService } from "./card-service"
import type { CoreContext } from "./core-context"
import { AcquiringHostedService } from "./hosted-service"
import { scriptedGateway, TEST_OPTIONS, type Script } from "./test-gateway"

const SESSION = "payses_01JD3Z6Q9X8W7V6T5S4R3Q2P1N"
const configModule = {
  modules: {
    payment: {
      options: {
        providers: [
          {
            resolve: "medusa-payment-acquiring/providers/acquiring",
            id: "acquiring",
            options: TEST_OPTIONS,
          },
        ],
      },
    },
  },
}

function card(script: Script = {}) {
  const service = new AcquiringCardService({ configModule }, TEST_OPTIONS)
  const { gateway, calls } = scriptedGateway(script)
  ;(service as unknown as { ctx: CoreContext }).ctx.gateway = gateway
  return { service, calls }
}

describe("acquiring providers", () => {
  it("have the documented identifiers", () => {
    expect(AcquiringCardService.identifier).toBe("acquiring-card")
    expect(AcquiringHostedService.identifier).toBe("acquiring-hosted")
  })

  it("refuse bad options at start-up with a message naming them", () => {
    expect(() =>
      AcquiringCardService.validateOptions({
        ...TEST_OPTIONS,
        backend_url: "not a url",
      })
    ).toThrow(
      "acquiring payment provider options are invalid: backend_url: must be an absolute http(s) URL"
    )
  })

  it("initiate a session with a derived order number and the amount rounded to the currency", async () => {
    const { service } = card()
    const out = await service.initiatePayment({
      amount: new BigNumber({ value: "1500.4", precision: 20 }),
      currency_code: "jpy",
      data: {
        session_id: SESSION,
        device: { resolution: "1280x720" },
        card: { number: "4242424242424242" },
      },
    })
    expect(out.id).toBe("MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N")
    expect(out.status).toBe("pending")
    expect(out.data).toEqual({
      session_id: SESSION,
      order_no: "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
      status: "pending",
      amount: "1500",
      currency: "JPY",
      device: { resolution: "1280x720" },
    })
  })

  it("name a bad device field", async () => {
    const { service } = card()
    await expect(
      service.initiatePayment({
        amount: 10,
        currency_code: "usd",
        data: { session_id: SESSION, device: { challenge_window_size: "9" } },
      })
    ).rejects.toThrow(
      "Invalid data.device.challenge_window_size: must be one of 01, 02, 03, 04, 05"
    )
  })

  it("drop anything but their own keys on update, card data included", async () => {
    const { service } = card()
    const out = await service.updatePayment({
      amount: 10,
      currency_code: "usd",
      data: {
        session_id: SESSION,
        status: "pending",
        card: { number: "4242424242424242", security_code: "123" },
        security_code: "123",
      },
    })
    expect(JSON.stringify(out.data)).not.toMatch(
      /4242424242424242|security_code/
    )
    expect(out.status).toBe("pending")
  })

  it("surface a stored decline as a MedusaError carrying the gateway's code and text", async () => {
    const { service } = card()
    const authorizing = service.authorizePayment({
      data: {
        session_id: SESSION,
        status: "error",
        result: { code: "E0009", text: "Rejected by risk screening" },
      },
    })
    await expect(authorizing).rejects.toBeInstanceOf(MedusaError)
    await expect(authorizing).rejects.toThrow(
      "E0009:Rejected by risk screening"
    )
  })

  it("refuse to authorise a card session before a card was submitted", async () => {
    const { service, calls } = card()
    await expect(
      service.authorizePayment({
        data: { session_id: SESSION, status: "pending" },
      })
    ).rejects.toThrow(/No card has been submitted/)
    expect(calls).toHaveLength(0)
  })

  it("confirm an unsettled session with the status query when authorising", async () => {
    const { service } = card({
      retrieveTransactions: async () => [
        {
          order_no: "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
          transaction_id: "T1",
          payment_status: "2000",
          query_result: "1",
        },
      ],
    })
    const out = await service.authorizePayment({
      data: {
        session_id: SESSION,
        order_no: "MED01JD3Z6Q9X8W7V6T5S4R3Q2P1N",
        status: "requires_more",
        transaction_id: "T1",
      },
    })
    expect(out.status).toBe("authorized")
  })

  it("refund a Medusa BigNumber exactly", async () => {
    const { service, calls } = card({
      refund: async () => [
        { transaction_id: "T1", ok: true, refund_reference_id: "T1-01" },
      ],
    })
    const out = await service.refundPayment({
      amount: new BigNumber({ value: "0.1", precision: 20 }),
      data: {
        session_id: SESSION,
        order_no: "MED01",
        transaction_id: "T1",
        status: "captured",
        amount: "0.30",
        currency: "USD",
      },
      context: { idempotency_key: "ref_01" },
    })
    expect(
      (calls[0].args[0] as { refund_amount: string }[])[0].refund_amount
    ).toBe("0.10")
    expect(out.data?.refunds).toEqual([
      {
        refund_reference_id: "T1-01",
        amount: "0.10",
        idempotency_key: "ref_01",
      },
    ])
  })
})
