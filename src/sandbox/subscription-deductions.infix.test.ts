/**
 * The deductions' order numbers are a DECISION: a sandbox started with
 * another infix numbers them so, and the gateway client reads them back
 * with the same infix.
 */
import { parseDeductionOrderNo } from "../gateway"
import { startSandbox, type SandboxHandle } from "./sandbox"
import { clientOf } from "./__fixtures__/chargeback-bench"
import { nextOrderNo, TEST_ACCOUNT } from "./__fixtures__/test-harness"

let sandbox: SandboxHandle

beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ ...TEST_ACCOUNT }],
    deduction_order_no_infix: "_S",
  })
})
afterAll(() => sandbox.close())

it("numbers deductions with the infix it was given", async () => {
  const client = clientOf(sandbox)
  const first = await client.authorize({
    order_no: nextOrderNo("SUBINFIX"),
    currency: "EUR",
    amount: "40.00",
    first_name: "Ada",
    last_name: "Lovelace",
    shopper_email: "ada@example.com",
    card: "4242424242424242",
    expiration_month: "12",
    expiration_year: "2030",
    security_code: "123",
    subscription: {
      contract_name: "Coffee box",
      contract_amount: "12.50",
      interval: "month",
      interval_count: "1",
    },
  })
  const answer = await fetch(
    `${sandbox.url}/__sandbox/subscriptions/${first.recurring_id}/deductions`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "approved" }),
    }
  )
  expect(answer.status).toBe(201)
  const { deduction } = await answer.json()
  expect(deduction.order_no).toBe(`${first.order_no}_S1`)
  expect(parseDeductionOrderNo(deduction.order_no, "_S")).toEqual({
    first_order_no: first.order_no,
    deduction_number: 1,
  })
  const [entry] = await client.retrieveTransactions({
    order_nos: [deduction.order_no],
  })
  expect(entry).toMatchObject({ order_no: deduction.order_no, amount: "12.50" })
})

it("refuses an infix that is not 1 to 5 letters, - or _", async () => {
  await expect(
    startSandbox({
      accounts: [{ ...TEST_ACCOUNT }],
      deduction_order_no_infix: "1",
    })
  ).rejects.toThrow(RangeError)
})
