import {
  GatewayRefusedError,
  TransportError,
  type PayoutResponse,
} from "../gateway/index"
import { coreFor } from "../accounts/registry"
import {
  scriptedGateway,
  testCore,
  TEST_OPTIONS,
} from "../accounts/__fixtures__/test-gateway"
import type { PayoutTransitionFields } from "../modules/acquiring/service"
import { newPayoutRecord } from "./payout-record"
import { sendPayout } from "./send-payout"
import type { StoredPayout } from "./payout-store"

const PROVIDER = "pp_acquiring-card_acquiring"

// the core behind the provider id: one over a scripted gateway
jest.mock("../accounts/registry", () => ({
  ...jest.requireActual("../accounts/registry"),
  coreFor: jest.fn(),
}))

/** The module's payout methods over one in-memory row, with the same "only from these statuses" rule. */
function memoryModule(row: StoredPayout) {
  return {
    row,
    async retrieveAcquiringPayout() {
      return { ...row }
    },
    async countAcquiringPayoutTry() {
      row.tries += 1
    },
    async transitionAcquiringPayout(
      _id: string,
      from: readonly string[],
      fields: PayoutTransitionFields
    ) {
      if (!from.includes(row.status)) return false
      for (const [key, value] of Object.entries(fields))
        if (value !== undefined)
          (row as unknown as Record<string, unknown>)[key] = value
      return true
    },
  }
}

function setUp(
  status: StoredPayout["status"],
  payout: () => Promise<PayoutResponse>
) {
  const { gateway, calls } = scriptedGateway({ payout })
  jest.mocked(coreFor).mockResolvedValue(testCore(gateway))
  const row = {
    ...newPayoutRecord({
      provider_id: PROVIDER,
      beneficiary: {
        company_name: "Acme Supplies Ltd",
        bank_details: { iban: "GB33BUKB20201555555555" },
      },
      payment_amount: "120.50",
      payment_currency: "USD",
    }),
    id: "acqpo_1",
    status,
  } as unknown as StoredPayout
  const module = memoryModule(row)
  const scope = {
    resolve: <T>(key: string): T =>
      (key === "acquiring" ? module : undefined) as T,
  }
  return { scope, row, calls }
}

describe("sendPayout", () => {
  it("sends the stored request with its request_id and the plugin's notify_url, and stores the answer", async () => {
    const { scope, row, calls } = setUp("sending", async () => ({
      status: "PENDING",
      transaction_id: "T1",
      amount_beneficiary_receives: "120.5",
    }))
    const requestId = row.request_id
    const stored = await sendPayout(scope, row.id)
    expect(calls).toHaveLength(1)
    expect(calls[0].args[0]).toMatchObject({
      request_id: requestId,
      payment_amount: "120.50",
      notify_url: `${TEST_OPTIONS.backend_url}/acquiring/notifications/payouts`,
    })
    expect(stored).toMatchObject({
      status: "PENDING",
      transaction_id: "T1",
      amount_beneficiary_receives: "120.50",
      tries: 1,
    })
  })

  it("leaves a lost answer unknown, to be asked about with the same request_id", async () => {
    const { scope, row } = setUp("sending", async () => {
      throw new TransportError("payout", "reset", {
        timed_out: false,
        may_have_reached_gateway: true,
      })
    })
    expect(await sendPayout(scope, row.id)).toMatchObject({
      status: "unknown",
      last_error: "TransportError",
    })
  })

  it("fails a refused request, but a refused query of an accepted payout changes nothing", async () => {
    const refuse = async () => {
      throw new GatewayRefusedError(
        "payout",
        "E0001",
        "beneficiary is required"
      )
    }
    const first = setUp("sending", refuse)
    expect(await sendPayout(first.scope, first.row.id)).toMatchObject({
      status: "FAILED",
      failure_type: "REFUSED",
      failure_reason: "E0001: beneficiary is required",
    })
    const accepted = setUp("PENDING", refuse)
    const kept = await sendPayout(accepted.scope, accepted.row.id)
    expect(kept).toMatchObject({
      status: "PENDING",
      last_error: "E0001: beneficiary is required",
    })
    expect(kept.failure_type).not.toBe("REFUSED")
  })

  it("asks with the account the payout was sent with; a row older than that record, with the one serving its currency", async () => {
    const answer = async () => ({ status: "PENDING", transaction_id: "T1" })
    for (const [account, choice] of [
      [
        { id: "acqacc_1", mode: "test" },
        { account_id: "acqacc_1", currency: "USD" },
      ],
      [
        { id: null, mode: "live" },
        { account_id: null, currency: "USD" },
      ],
      [null, { currency: "USD" }],
    ] as const) {
      const { scope, row } = setUp("unknown", answer)
      row.account = account
      await sendPayout(scope, row.id)
      expect(coreFor).toHaveBeenLastCalledWith(scope, PROVIDER, choice)
    }
  })

  it("never sends a settled payout again", async () => {
    const { scope, row, calls } = setUp("COMPLETED", async () => ({
      status: "FAILED",
    }))
    expect((await sendPayout(scope, row.id)).status).toBe("COMPLETED")
    expect(calls).toHaveLength(0)
  })
})
