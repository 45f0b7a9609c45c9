import { join } from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import type AcquiringModuleService from "../../src/modules/acquiring/service"
import { budget } from "../setup/time-budget"

jest.setTimeout(budget(60_000))

const MODULE = join(__dirname, "..", "..", "src", "modules", "acquiring")

/**
 * The module's own statements against PostgreSQL, on the schema its
 * migrations build: the one-statement moves that let concurrent callers
 * race safely, and the sessions' private state.
 */
moduleIntegrationTestRunner<AcquiringModuleService>({
  moduleName: "acquiring",
  resolve: MODULE,
  pathToMigrations: join(MODULE, "migrations"),
  testSuite: ({ service, MikroOrmWrapper }) => {
    const operation = () =>
      service.createAcquiringOperations({
        provider_id: "pp_acquiring-card_acquiring",
        kind: "refund",
        order_no: "MED1",
        amount: "5.00",
        currency: "USD",
      })

    it("lets exactly one of two concurrent claims move an operation", async () => {
      const { id } = await operation()
      const won = await Promise.all([
        service.claimAcquiringOperation(id, "sent", "done"),
        service.claimAcquiringOperation(id, "sent", "refused"),
      ])
      expect(won.filter(Boolean)).toHaveLength(1)
      const [row] = await service.listAcquiringOperations({ id })
      expect(row.state).toBe(won[0] ? "done" : "refused")
      expect(row.settled_at).not.toBeNull()
      expect(await service.claimAcquiringOperation(id, "sent", "done")).toBe(
        false
      )
    })

    it("settles an operation in one statement, stamping settled_at only for a final state", async () => {
      const { id } = await operation()
      await service.settleAcquiringOperation(id, {
        state: "unknown",
        result_code: "E0001",
      })
      let [row] = await service.listAcquiringOperations({ id })
      expect(row).toMatchObject({ state: "unknown", result_code: "E0001" })
      expect(row.settled_at).toBeNull()
      await service.settleAcquiringOperation(id, {
        state: "done",
        acquirer_reference: "T1-01",
      })
      ;[row] = await service.listAcquiringOperations({ id })
      expect(row).toMatchObject({ state: "done", acquirer_reference: "T1-01" })
      expect(row.settled_at).not.toBeNull()
    })

    it("moves a payout only from the states given, so a settled payout never goes back", async () => {
      const payout = await service.createAcquiringPayouts({
        provider_id: "pp_acquiring-card_acquiring",
        request_id: "5d1b2c3a-0000-4000-8000-000000000001",
        status: "PENDING",
        payment_amount: "10.00",
        payment_currency: "EUR",
        payment_method: "SWIFT",
        beneficiary: { first_name: "Grace", last_name: "Hopper" },
      })
      expect(
        await service.transitionAcquiringPayout(payout.id, ["PENDING"], {
          status: "COMPLETED",
        })
      ).toBe(true)
      expect(
        await service.transitionAcquiringPayout(payout.id, ["PENDING"], {
          status: "FAILED",
        })
      ).toBe(false)
      const [row] = await service.listAcquiringPayouts({ id: payout.id })
      expect(row.status).toBe("COMPLETED")
    })

    it("keeps a session's state: written whole, read many at once, an intake taken once, stale intakes purged", async () => {
      await service.writeSessionState("payses_1", { status: "pending" })
      await service.writeSessionState("payses_1", {
        status: "authorized",
        order_no: "MED1",
      })
      await service.writeSessionState("intake:fresh", { client: {} })
      await service.writeSessionState("intake:old", { client: {} })
      await MikroOrmWrapper.forkManager().execute(
        `update acquiring_session_state set created_at = now() - interval '2 days' where id = 'intake:old'`
      )
      const read = await service.readSessionStates(["payses_1", "payses_none"])
      expect([...read.entries()]).toEqual([
        ["payses_1", { status: "authorized", order_no: "MED1" }],
      ])
      expect(await service.takeSessionState("intake:fresh")).toEqual({
        client: {},
      })
      expect(await service.takeSessionState("intake:fresh")).toBeUndefined()
      expect(await service.purgeStaleIntakes()).toBe(1)
      expect(
        (await service.readSessionStates(["intake:old", "payses_1"])).size
      ).toBe(1)
    })

    it("keeps a deduction forward only: paid stays paid, and its next deduction time only moves later whatever order the tries are heard in", async () => {
      const deduction = {
        provider_id: "pp_acquiring-card_acquiring",
        order_no: "MED9-R1",
        first_order_no: "MED9",
        first_session_id: "payses_9",
        recurring_id: "RC9",
        deduction_number: 1,
        currency: "USD",
        amount: "15.00",
      }
      // the paid retry is heard first, announcing the later time
      await service.keepDeduction({
        ...deduction,
        retry_number: 1,
        status: "paid",
        result_code: null,
        transaction_id: "SBX2",
        next_deduction_time: "2026-12-29 16:07:11",
      })
      // then the declined first try, with the time it announced a second earlier
      const kept = await service.keepDeduction({
        ...deduction,
        retry_number: 0,
        status: "declined",
        result_code: "E0008:Declined",
        transaction_id: "SBX1",
        next_deduction_time: "2026-12-29 16:07:10",
      })
      expect(kept).toMatchObject({
        status: "paid",
        retry_number: 1,
        transaction_id: "SBX2",
        next_deduction_time: "2026-12-29 16:07:11",
      })
      // a job's find names no time: the announced one stays
      const found = await service.keepDeduction({
        ...deduction,
        retry_number: 1,
        status: "paid",
        result_code: null,
        transaction_id: "SBX2",
        next_deduction_time: null,
      })
      expect(found.next_deduction_time).toBe("2026-12-29 16:07:11")
    })

    it("never drops a subscription the acquirer named for a state written without it; a state naming one is written whole", async () => {
      const asked = { order: { contract_name: "Tea club" } }
      await service.writeSessionState("payses_sub", { subscription: asked })
      const named = { ...asked, recurring_id: "RC1", contract_name: "Tea club" }
      // the notification's subscriber keeps what the acquirer named
      await service.writeSessionState("payses_sub", {
        status: "pending",
        subscription: named,
      })
      // Medusa's authorisation read the row before that, and writes back without it
      await service.writeSessionState("payses_sub", {
        status: "authorized",
        subscription: asked,
      })
      expect(
        (await service.readSessionStates(["payses_sub"])).get("payses_sub")
      ).toEqual({ status: "authorized", subscription: named })
      // one that names a subscription (a cancellation recorded) replaces it
      const cancelled = { ...named, cancellation: { state: "cancelled" } }
      await service.writeSessionState("payses_sub", {
        status: "authorized",
        subscription: cancelled,
      })
      expect(
        (await service.readSessionStates(["payses_sub"])).get("payses_sub")
      ).toEqual({ status: "authorized", subscription: cancelled })
    })
  },
})
