import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { CardOutcome } from "../card-outcome"
import type { StoreAnswer, StoreTransport } from "../transport"
import { CardForm } from "./card-form"

type Call = { method: string; path: string; body: any }

/** A store double answering every call with `answer` (after `gate` resolves, when given). */
function fakeStore(answer: StoreAnswer, gate?: Promise<void>) {
  const calls: Call[] = []
  const store: StoreTransport = async (method, path, body) => {
    calls.push({ method, path, body })
    if (gate) await gate
    return answer
  }
  return { store, calls }
}

const AUTHORIZED: StoreAnswer = {
  status: 200,
  body: {
    payment_session: {
      id: "ps_1",
      status: "authorized",
      data: { status: "authorized" },
    },
  },
}

const CART = {
  total: 15,
  currency_code: "usd",
  billing_address: { first_name: "Ada", last_name: "Shopper" },
}

async function fillCard(
  user: ReturnType<typeof userEvent.setup>,
  card: { number: string; expiry: string; code: string }
) {
  await user.clear(screen.getByLabelText("Card number"))
  await user.type(screen.getByLabelText("Card number"), card.number)
  await user.clear(screen.getByLabelText("Expiry date (MM / YY)"))
  await user.type(screen.getByLabelText("Expiry date (MM / YY)"), card.expiry)
  await user.clear(screen.getByLabelText("Security code"))
  await user.type(screen.getByLabelText("Security code"), card.code)
}

describe("CardForm", () => {
  it("groups the digits and the expiry as the shopper types", async () => {
    const user = userEvent.setup()
    const { store } = fakeStore(AUTHORIZED)
    render(<CardForm store={store} session={{ id: "ps_1" }} cart={CART} />)
    await fillCard(user, {
      number: "4242424242424242",
      expiry: "1231",
      code: "918",
    })
    expect(screen.getByLabelText("Card number")).toHaveProperty(
      "value",
      "4242 4242 4242 4242"
    )
    expect(screen.getByLabelText("Expiry date (MM / YY)")).toHaveProperty(
      "value",
      "12 / 31"
    )
  })

  it("refuses a number failing the Luhn check and a past expiry without sending", async () => {
    const user = userEvent.setup()
    const { store, calls } = fakeStore(AUTHORIZED)
    render(<CardForm store={store} session={{ id: "ps_1" }} cart={CART} />)
    await fillCard(user, {
      number: "4242424242424241",
      expiry: "0120",
      code: "918",
    })
    await user.click(screen.getByRole("button", { name: "Pay $15.00" }))

    expect(calls).toEqual([])
    expect(
      screen.getByText("This card number is not valid; check the digits")
    ).toBeTruthy()
    expect(screen.getByText("This card has expired")).toBeTruthy()
    expect(
      screen.getByLabelText("Card number").getAttribute("aria-invalid")
    ).toBe("true")
    expect(
      screen.getByLabelText("Card number").getAttribute("aria-describedby")
    ).toBeTruthy()
  })

  it("asks for a four-digit code on an American Express card", async () => {
    const user = userEvent.setup()
    const { store, calls } = fakeStore(AUTHORIZED)
    render(<CardForm store={store} session={{ id: "ps_1" }} />)
    await fillCard(user, {
      number: "378282246310005",
      expiry: "1231",
      code: "918",
    })
    await user.click(screen.getByRole("button", { name: "Pay" }))
    expect(calls).toEqual([])
    expect(screen.getByText("Enter the 4-digit security code")).toBeTruthy()
  })

  it("sends a valid card once, however often Pay is clicked", async () => {
    const user = userEvent.setup()
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { store, calls } = fakeStore(AUTHORIZED, gate)
    const outcomes: CardOutcome[] = []
    render(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        cart={CART}
        onOutcome={(o) => outcomes.push(o)}
      />
    )
    await fillCard(user, {
      number: "4242424242424242",
      expiry: "1231",
      code: "918",
    })
    const pay = screen.getByRole("button", { name: "Pay $15.00" })
    await user.dblClick(pay)
    await user.click(pay)
    expect(pay).toHaveProperty("disabled", true)
    release()
    await screen.findByRole("button", { name: "Processing…" })
    await new Promise((resolve) => setTimeout(resolve, 0))

    expect(calls).toEqual([
      {
        method: "POST",
        path: "/store/acquiring/payment-sessions/ps_1/card",
        body: {
          card: {
            number: "4242424242424242",
            expiry_month: "12",
            expiry_year: "2031",
            security_code: "918",
          },
          holder: { first_name: "Ada", last_name: "Shopper" },
        },
      },
    ])
    expect(outcomes.map((o) => o.kind)).toEqual(["authorized"])
  })

  it("shows a decline's text and lets the shopper try another card", async () => {
    const user = userEvent.setup()
    const { store, calls } = fakeStore({
      status: 402,
      body: {
        type: "payment_declined",
        code: "E0008",
        message: "The card was declined. Try another card.",
      },
    })
    render(<CardForm store={store} session={{ id: "ps_1" }} cart={CART} />)
    await fillCard(user, {
      number: "4000000000009995",
      expiry: "1231",
      code: "918",
    })
    await user.click(screen.getByRole("button", { name: "Pay $15.00" }))

    expect((await screen.findByRole("alert")).textContent).toBe(
      "The card was declined. Try another card."
    )
    expect(calls).toHaveLength(1)
    const pay = screen.getByRole("button", { name: "Pay $15.00" })
    expect(pay).toHaveProperty("disabled", false)
    // the code is asked for again; the number stays for correction
    expect(screen.getByLabelText("Security code")).toHaveProperty("value", "")
  })

  it("puts the plugin's field errors next to their input", async () => {
    const user = userEvent.setup()
    const { store } = fakeStore({
      status: 400,
      body: {
        type: "invalid_data",
        message: "card.security_code: must be 3 or 4 digits",
        issues: [
          { field: "card.security_code", reason: "must be 3 or 4 digits" },
        ],
      },
    })
    render(<CardForm store={store} session={{ id: "ps_1" }} />)
    await fillCard(user, {
      number: "4242424242424242",
      expiry: "1231",
      code: "918",
    })
    await user.click(screen.getByRole("button", { name: "Pay" }))

    const message = await screen.findByText("must be 3 or 4 digits")
    expect(
      screen.getByLabelText("Security code").getAttribute("aria-describedby")
    ).toBe(message.id)
  })

  it("says how long to wait when rate-limited", async () => {
    const user = userEvent.setup()
    const { store } = fakeStore({
      status: 429,
      retryAfter: 20,
      body: { type: "rate_limited", message: "Too many card attempts" },
    })
    render(<CardForm store={store} session={{ id: "ps_1" }} />)
    await fillCard(user, {
      number: "4242424242424242",
      expiry: "1231",
      code: "918",
    })
    await user.click(screen.getByRole("button", { name: "Pay" }))
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Try again in 20 seconds."
    )
  })
})
