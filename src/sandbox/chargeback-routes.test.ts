/** The sandbox's other chargeback routes: list, show, resend, lost notifications, reset, and a recipe override. */
import { SignatureMismatchError } from "../gateway"
import {
  clientOf,
  control,
  expectRefusal,
  notified,
  opened,
  paid,
  useChargebackBench,
} from "./__fixtures__/chargeback-bench"
import { get, post, TEST_ACCOUNT, testSign } from "./__fixtures__/test-harness"
import { startSandbox } from "./sandbox"

const bench = useChargebackBench()

describe("the control surface's other chargeback routes", () => {
  it("lists and shows chargebacks, resends one, loses a notification like any other, and reset forgets them", async () => {
    const tx = await paid()
    const first = await opened(tx, { amount: "5.00" })
    const second = await opened(tx, { amount: "6.00" })
    const list = await get(
      `${bench.sandbox.url}/__sandbox/chargebacks?transaction_id=${tx.transaction_id}`
    )
    expect(
      list
        .json()
        .chargebacks.map((c: Record<string, string>) => c.chargeback_amount)
    ).toEqual(["5.00", "6.00"])
    expect(
      (
        await get(
          `${bench.sandbox.url}/__sandbox/chargebacks/${first.chargeback_reference}`
        )
      ).json().chargeback
    ).toEqual(first)
    expect(
      (
        await get(
          `${bench.sandbox.url}/__sandbox/chargebacks?transaction_id=NOPE`
        )
      ).status
    ).toBe(404)

    // a fresh notification of the latest chargeback, or of the one named
    const latest = await control(`/transactions/${tx.transaction_id}/notify`, {
      notify_type: "CHARGEBACK",
    })
    expect(latest.status).toBe(201)
    const record = latest.json().notification
    expect(record.fields).toMatchObject({
      notify_type: "CHARGEBACK",
      chargeback_reference: second.chargeback_reference,
    })
    expect(
      bench.client.verifyNotification(record.fields).chargeback_amount
    ).toBe("6.00")
    const named = await control(`/transactions/${tx.transaction_id}/notify`, {
      notify_type: "CHARGEBACK",
      chargeback_reference: first.chargeback_reference,
    })
    expect(named.json().notification.fields.chargeback_amount).toBe("5.00")
    const unknown = await control(`/transactions/${tx.transaction_id}/notify`, {
      notify_type: "CHARGEBACK",
      chargeback_reference: "CBNOPE",
    })
    expect(unknown.status).toBe(404)
    const plain = await paid()
    expectRefusal(
      await control(`/transactions/${plain.transaction_id}/notify`, {
        notify_type: "CHARGEBACK",
      }),
      409,
      "transaction_id",
      "the transaction has no chargeback"
    )

    // lost on the way, then delivered by hand
    expect((await control("/notifications/lose", { count: 1 })).status).toBe(
      200
    )
    await control(`/chargebacks/${first.chargeback_reference}/win`)
    const withheld = (
      await get(
        `${bench.sandbox.url}/__sandbox/notifications?transaction_id=${tx.transaction_id}`
      )
    )
      .json()
      .notifications.find(
        (n: { fields: Record<string, string> }) =>
          n.fields.chargeback_status === "WON"
      )
    expect(withheld.state).toBe("withheld")
    await control(`/notifications/${withheld.id}/deliver`)
    expect(
      (await notified(first.chargeback_reference, "WON")).payment_status
    ).toBe("5000") // the second one is still open

    expect((await control("/reset")).status).toBe(200)
    expect(
      (await get(`${bench.sandbox.url}/__sandbox/chargebacks`)).json()
        .chargebacks
    ).toEqual([])
  })

  it("signs with the sandbox's chargeback recipe override, which the client verifies with the same override", async () => {
    const recipe = [
      "merchant_id",
      "account_id",
      "transaction_id",
      "chargeback_reference",
      "chargeback_status",
    ]
    const custom = await startSandbox({
      accounts: [{ ...TEST_ACCOUNT }],
      recipes: { chargeback: recipe },
    })
    try {
      const customClient = clientOf(custom, { recipes: { chargeback: recipe } })
      const tx = await paid("40.00", true, { client: customClient })
      const answer = await post(
        `${custom.url}/__sandbox/transactions/${tx.transaction_id}/chargebacks`,
        {}
      )
      const reference = answer.json().chargeback.chargeback_reference
      const fields = await notified(reference, "OPEN")
      expect(fields.encryption_data).toBe(
        testSign(
          TEST_ACCOUNT.merchant_id,
          TEST_ACCOUNT.account_id,
          tx.transaction_id,
          reference,
          "OPEN"
        )
      )
      expect(customClient.verifyNotification(fields).chargeback_reference).toBe(
        reference
      )
      expect(() => bench.client.verifyNotification(fields)).toThrow(
        SignatureMismatchError
      )
    } finally {
      await custom.close()
    }
  })
})
