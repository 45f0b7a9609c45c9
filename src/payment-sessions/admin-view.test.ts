import { A, result, RULES, session } from "./__fixtures__/sessions"
import { adminView, changedFields } from "./admin-view"
import { reviewed } from "./payment-transitions"
import { applyResult } from "./transitions"

const PAYMENT = { id: "pay_1", provider_id: "pp_acquiring-card_acquiring" }
const ACCOUNT = { id: null, name: null, mode: "test" as const }

describe("admin view of a payment", () => {
  const held = applyResult(
    session("sent"),
    result("-2", {
      card: "400000******0259",
      result_info: "0000:Held for risk review",
      risk_action: "REVIEW",
      risk_score: "65",
      risk_reasons: [{ name: "velocity_check", status: "REVIEW" }],
    }),
    RULES
  )

  it("shows the risk reasons, score and action the acquirer gave", () => {
    const view = adminView(PAYMENT, held, ACCOUNT)
    expect(view).toMatchObject({
      status: "authorized",
      review: "held",
      card_masked: "400000******0259",
      risk: {
        action: "REVIEW",
        score: "65",
        reasons: ["velocity_check: REVIEW"],
      },
      order_no: A,
      transaction_id: "T1",
      account: ACCOUNT,
      confirming: false,
    })
  })

  it("says what a partial capture took and what the acquirer released", () => {
    const part = session("captured", {
      status: "captured",
      amount: "25.00",
      captured_amount: "15.00",
    })
    expect(adminView(PAYMENT, part, ACCOUNT)).toMatchObject({
      amount: "25.00",
      captured_amount: "15.00",
      released_amount: "10.00",
    })
    const whole = session("captured", { status: "captured" })
    expect(adminView(PAYMENT, whole, ACCOUNT)).toMatchObject({
      captured_amount: "15.00",
      released_amount: null,
    })
    expect(adminView(PAYMENT, held, ACCOUNT)).toMatchObject({
      captured_amount: null,
      released_amount: null,
    })
  })

  it("never carries the cart, device or client data", () => {
    const view = adminView(
      PAYMENT,
      {
        ...held,
        client: { shopper_ip: "203.0.113.9", user_agent: "Mozilla/5.0" },
      },
      ACCOUNT
    )
    expect(JSON.stringify(view)).not.toMatch(/203\.0\.113\.9|Mozilla|cart/)
  })

  it("names what a release changed", () => {
    const released = reviewed(held, "release", RULES)
    expect(
      changedFields(
        adminView(PAYMENT, held, ACCOUNT),
        adminView(PAYMENT, released, ACCOUNT)
      ).sort()
    ).toEqual(["review", "risk"])
  })
})
