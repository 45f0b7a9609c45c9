import { parseResponXml } from "../gateway/codecs/xml-result"
import { AccountRegistry } from "./accounts"
import { startSandbox } from "./sandbox"
import { post, sha256Hex } from "./__fixtures__/test-harness"

const A = { merchant_id: "MA", account_id: "AA", sign_key: "key-a" }
const B = { merchant_id: "MB", account_id: "AB", sign_key: "key-b" }

function signedAuthorize(account: typeof A, orderNo: string) {
  const body = {
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    order_no: orderNo,
    currency: "USD",
    amount: "5.00",
    card: "4242424242424242",
    expiration_month: "01",
    expiration_year: "2031",
    security_code: "321",
  }
  // recipe: merchant, account, order_no, currency, amount, first, last, card, year, month, cvc, email, then the key
  const plain = `${account.merchant_id}${account.account_id}${orderNo}USD5.00${body.card}203101321${account.sign_key}`
  return { ...body, encryption_data: sha256Hex(plain) }
}

describe("accounts", () => {
  it("refuses incomplete and repeated accounts", () => {
    expect(() => new AccountRegistry([{ ...A, sign_key: "" }])).toThrow(
      /sign_key/
    )
    expect(() => new AccountRegistry([A, { ...A }])).toThrow(/twice/)
    expect(new AccountRegistry([A, B]).find("MB", "AB")).toEqual(B)
    expect(new AccountRegistry([A]).find("MA", "other")).toBeUndefined()
  })

  it("keeps state per account, each with its own key", async () => {
    const sandbox = await startSandbox({ accounts: [A, B] })
    try {
      const a = parseResponXml(
        (
          await post(
            `${sandbox.url}/v1/authorise`,
            signedAuthorize(A, "SAME-1")
          )
        ).text
      )
      const b = parseResponXml(
        (
          await post(
            `${sandbox.url}/v1/authorise`,
            signedAuthorize(B, "SAME-1")
          )
        ).text
      )
      expect([a.order_status, b.order_status]).toEqual(["1", "1"])
      // B's key does not sign for A
      const crossed = {
        ...signedAuthorize(B, "SAME-2"),
        merchant_id: "MA",
        account_id: "AA",
      }
      expect(
        parseResponXml(
          (await post(`${sandbox.url}/v1/authorise`, crossed)).text
        ).result_info
      ).toBe("I0013:Signature error")
      // B cannot capture A's transaction
      const entry = {
        transaction_id: String(a.transaction_id),
        order_no: "SAME-1",
        currency: "USD",
        amount: "5.00",
      }
      const capture = await post(`${sandbox.url}/v1/capture`, {
        merchant_id: "MB",
        account_id: "AB",
        capture_orders: [entry],
        encryption_data: sha256Hex(`MBAB${entry.transaction_id}key-b`),
      })
      expect(capture.json().capture_orders[0].error_message).toMatch(/^E0004:/)
    } finally {
      await sandbox.close()
    }
  })
})
