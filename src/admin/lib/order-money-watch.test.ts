import { isPluginMutation, pageRefusal } from "./order-money-watch"

const openedAt = Date.parse("2026-11-28T10:00:00.000Z")

const refused = (
  more: {
    mutationKey?: readonly unknown[]
    status?: string
    error?: unknown
    submittedAt?: number
  } = {}
) => ({
  mutationId: 7,
  options: { mutationKey: more.mutationKey },
  state: {
    status: more.status ?? "error",
    error:
      "error" in more
        ? more.error
        : new Error(
            "This payment has an open chargeback: CB1 of 5.00 USD; nothing was refunded."
          ),
    submittedAt: more.submittedAt ?? openedAt + 1_000,
  },
})

describe("a refusal on the order page", () => {
  it("keeps the server's words of a request Medusa's dashboard made (a refund drawer has no key)", () => {
    expect(pageRefusal(refused(), openedAt)).toEqual({
      id: 7,
      message:
        "This payment has an open chargeback: CB1 of 5.00 USD; nothing was refunded.",
      at: openedAt + 1_000,
    })
  })

  it("leaves out the plugin's own requests, which their blocks show", () => {
    expect(isPluginMutation(["acquiring", "review", "pay_1"])).toBe(true)
    expect(isPluginMutation(["orders", "detail"])).toBe(false)
    expect(isPluginMutation(undefined)).toBe(false)
    expect(
      pageRefusal(
        refused({ mutationKey: ["acquiring", "create-payment-link", "o1"] }),
        openedAt
      )
    ).toBeNull()
  })

  it("leaves out what succeeded, is still asked, or was refused before the page was opened", () => {
    expect(pageRefusal(refused({ status: "success" }), openedAt)).toBeNull()
    expect(pageRefusal(refused({ status: "pending" }), openedAt)).toBeNull()
    expect(
      pageRefusal(refused({ submittedAt: openedAt - 1 }), openedAt)
    ).toBeNull()
  })

  it("says something even when the error has no words", () => {
    expect(
      pageRefusal(refused({ error: new Error("") }), openedAt)?.message
    ).toBe("The request was refused, without a reason")
    expect(pageRefusal(refused({ error: "Gone" }), openedAt)?.message).toBe(
      "Gone"
    )
  })
})
