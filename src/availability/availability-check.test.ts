import { testAccount } from "../accounts/__fixtures__/test-account"
import { AccountSource, useAccountSource } from "../accounts/account-source"
import {
  assertSessionAvailable,
  CartUnavailableError,
} from "./availability-check"

const CARD = "pp_acquiring-card_acquiring"

describe("the provider's own availability check of a session", () => {
  beforeAll(() =>
    useAccountSource(
      new AccountSource(async () => [
        testAccount({
          availability: {
            rules: [{ currency: "USD", max_amount: "10.00" }],
          },
        }),
      ])
    )
  )

  it("refuses a session without a cart by its amount, naming the rule", async () => {
    const refusal = assertSessionAvailable(CARD, {
      account: { id: "acqacc_1", mode: "test" },
      amount: "10.01",
      currency: "USD",
    })
    await expect(refusal).rejects.toBeInstanceOf(CartUnavailableError)
    await expect(refusal).rejects.toMatchObject({ rule: "max_amount" })
  })

  it("lets the bound itself through, and a payment on medusa-config alone", async () => {
    await expect(
      assertSessionAvailable(CARD, {
        account: { id: "acqacc_1", mode: "test" },
        amount: "10.00",
        currency: "USD",
      })
    ).resolves.toBeUndefined()
    await expect(
      assertSessionAvailable(CARD, {
        account: { id: null, mode: "test" },
        amount: "99.00",
        currency: "USD",
      })
    ).resolves.toBeUndefined()
  })
})
