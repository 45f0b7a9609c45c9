import { MedusaError } from "@medusajs/framework/utils"
import { coreFor } from "../accounts/registry"
import {
  scriptedGateway,
  testCore,
} from "../accounts/__fixtures__/test-gateway"
import {
  differingFields,
  newPayoutRecord,
  type PayoutInput,
} from "./payout-record"
import { recordPayout } from "./record-payout"
import { newRequestId } from "./payout-record"

const PROVIDER = "pp_acquiring-card_acquiring"

jest.mock("../accounts/registry", () => ({
  coreFor: jest.fn(),
}))

/**
 * The module's create and list over an in-memory table with the unique
 * index on idempotency_key: a second row with a key is refused as Medusa
 * refuses it. Creates made `together` all arrive before any is written,
 * as two requests at once overlap.
 */
function memoryModule(together: number) {
  const rows: Record<string, unknown>[] = []
  let arrived = 0
  let openGate!: () => void
  const gate = new Promise<void>((resolve) => (openGate = resolve))
  return {
    rows,
    async createAcquiringPayouts(record: Record<string, unknown>) {
      if (++arrived >= together) openGate()
      await gate
      if (
        record.idempotency_key &&
        rows.some((row) => row.idempotency_key === record.idempotency_key)
      )
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `Acquiring payout with idempotency_key: ${String(record.idempotency_key)}, already exists.`
        )
      const row = { ...record, id: `acqpo_${rows.length + 1}` }
      rows.push(row)
      return row
    },
    async listAcquiringPayouts(filter: Record<string, unknown>) {
      return rows.filter((row) =>
        Object.entries(filter).every(([key, value]) => row[key] === value)
      )
    },
  }
}

const input = (overrides: Partial<PayoutInput> = {}): PayoutInput => ({
  provider_id: PROVIDER,
  idempotency_key: "0b7e4bde-3f0e-4d8e-9c55-6a1f0b6c2d11",
  beneficiary: {
    company_name: "Acme Supplies Ltd",
    bank_details: { iban: "GB33BUKB20201555555555" },
  },
  payment_amount: "120.50",
  payment_currency: "USD",
  ...overrides,
})

function setUp(together = 1) {
  const { gateway } = scriptedGateway({})
  jest.mocked(coreFor).mockResolvedValue({
    ...testCore(gateway),
    account: { id: "acqacc_1", name: "Main", mode: "test" },
  })
  const module = memoryModule(together)
  const scope = {
    resolve: <T>(key: string): T =>
      (key === "acquiring" ? module : undefined) as T,
  }
  return { scope, module }
}

describe("recordPayout", () => {
  it("writes the payout with its key and the account that will send it", async () => {
    const { scope, module } = setUp()
    expect(await recordPayout(scope, input())).toEqual({
      id: "acqpo_1",
      created: true,
      conflicts: [],
    })
    expect(coreFor).toHaveBeenCalledWith(scope, PROVIDER, { currency: "USD" })
    expect(module.rows[0]).toMatchObject({
      status: "sending",
      idempotency_key: input().idempotency_key,
      account: { id: "acqacc_1", mode: "test" },
    })
  })

  it("lets one of two creates with one key in at once; the other gets that payout", async () => {
    const { scope, module } = setUp(2)
    const answers = await Promise.all([
      recordPayout(scope, input()),
      recordPayout(scope, input()),
    ])
    expect(module.rows).toHaveLength(1)
    expect(answers.map((a) => a.id)).toEqual(["acqpo_1", "acqpo_1"])
    expect(answers.map((a) => a.created).sort()).toEqual([false, true])
    // later, after a lost answer: the same payout, nothing new
    expect(await recordPayout(scope, input())).toEqual({
      id: "acqpo_1",
      created: false,
      conflicts: [],
    })
    expect(module.rows).toHaveLength(1)
  })

  it("names the fields a repeated key asks for differently", async () => {
    const { scope } = setUp()
    await recordPayout(scope, input())
    const other = await recordPayout(
      scope,
      input({
        payment_amount: "99.00",
        beneficiary: {
          company_name: "Acme Supplies Ltd",
          bank_details: { iban: "GB94BARC10201530093459" },
        },
      })
    )
    expect(other).toEqual({
      id: "acqpo_1",
      created: false,
      conflicts: ["payment_amount", "beneficiary"],
    })
  })

  it("without a key, every create is a new payout; other failures are not hidden", async () => {
    const { scope, module } = setUp()
    const noKey = input({ idempotency_key: undefined })
    await recordPayout(scope, noKey)
    await recordPayout(scope, noKey)
    expect(module.rows.map((row) => row.idempotency_key)).toEqual([null, null])
    module.createAcquiringPayouts = async () => {
      throw new Error("database down")
    }
    await expect(recordPayout(scope, input())).rejects.toThrow("database down")
  })
})

describe("differingFields", () => {
  const payer = {
    entity_type: "COMPANY" as const,
    company_name: "Our Shop Inc",
  }
  const record = newPayoutRecord(input({ payer }))
  // as jsonb gives it back: its own key order
  const stored = {
    ...record,
    beneficiary: {
      bank_details: { iban: "GB33BUKB20201555555555" },
      company_name: "Acme Supplies Ltd",
    },
    payer: { company_name: "Our Shop Inc", entity_type: "COMPANY" },
  }

  it("finds none between a stored payout and the same request", () => {
    expect(differingFields(stored, record)).toEqual([])
  })

  it("names each field asked for differently, a left-out one included", () => {
    expect(
      differingFields(stored, newPayoutRecord(input({ payer: undefined })))
    ).toEqual(["payer"])
    expect(
      differingFields(
        stored,
        newPayoutRecord(
          input({
            payer,
            reference: "INV-2",
            provider_id: "pp_acquiring-hosted_acquiring",
          })
        )
      )
    ).toEqual(["provider_id", "reference"])
  })
})

describe("newRequestId", () => {
  it("never holds 13 digits in a row, hyphens aside (the log redaction would mask it as a card number)", () => {
    for (let i = 0; i < 20_000; i++) {
      const id = newRequestId()
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(id.replace(/-/g, "")).not.toMatch(/\d{13}/)
    }
  })
})
