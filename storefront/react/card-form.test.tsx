import { render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { CardOutcome } from "../card-outcome"
import type { SavedCard } from "../saved-cards"
import type { StoreAnswer, StoreTransport } from "../transport"
import { GERMAN_MESSAGES } from "../messages-de"
import { CardForm, payLabel } from "./card-form"

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

/** The approved test card as the shopper types it. */
const APPROVED = { number: "4242424242424242", expiry: "1231", code: "918" }

/** The form on session ps_1 over a store double answering `answer`, and a user to drive it. */
function renderForm(
  answer: StoreAnswer,
  props: Partial<Parameters<typeof CardForm>[0]> = {}
) {
  const user = userEvent.setup()
  const { store, calls } = fakeStore(answer)
  render(<CardForm store={store} session={{ id: "ps_1" }} {...props} />)
  return { user, calls }
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
    await fillCard(user, APPROVED)
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
    await fillCard(user, APPROVED)
    const pay = screen.getByRole("button", { name: "Pay $15.00" })
    await user.dblClick(pay)
    await user.click(pay)
    expect(pay).toHaveProperty("disabled", true)
    release()
    await screen.findByRole("button", { name: "Processing…" })
    await waitFor(() => expect(outcomes).toHaveLength(1))

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

    // a sentence for the shopper, the code for the developer; the emptied code is said
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toBe(
      "Your card was declined. Try another card, or ask your bank why. Enter the security code again to retry."
    )
    expect(alert.textContent).not.toContain("E0008")
    // focus is on the message, not lost on the disabled button; Tab leads back into the form
    expect(document.activeElement).toBe(alert)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText("Card number"))
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
    await fillCard(user, APPROVED)
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
    await fillCard(user, APPROVED)
    await user.click(screen.getByRole("button", { name: "Pay" }))
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Try again in 20 seconds."
    )
  })
})

const SAVED_CARDS: SavedCard[] = [
  {
    id: "acqcard_visa",
    brand: "visa",
    card_masked: "424242******4242",
    last4: "4242",
    saved_at: "2026-11-20T10:00:00.000Z",
    last_used_at: null,
  },
  {
    id: "acqcard_amex",
    brand: "american-express",
    card_masked: "378282*****0005",
    last4: "0005",
    saved_at: "2026-10-01T08:30:00.000Z",
    last_used_at: "2026-11-01T09:00:00.000Z",
  },
]

const CARD_GONE: StoreAnswer = {
  status: 402,
  body: {
    type: "payment_declined",
    code: "E0011",
    message: "The card is not known",
    payment_session: { id: "ps_1", status: "error", data: { status: "error" } },
  },
}

/** A store double answering its calls with `answers` in turn. */
function scriptedStore(...answers: StoreAnswer[]) {
  const calls: Call[] = []
  const store: StoreTransport = async (method, path, body) => {
    calls.push({ method, path, body })
    const answer = answers.shift()
    if (!answer) throw new Error("no answer scripted")
    return answer
  }
  return { store, calls }
}

/** Waits until the store double has been called `count` times. */
const called = (calls: Call[], count: number) =>
  waitFor(() => expect(calls).toHaveLength(count))

describe("CardForm with saved cards", () => {
  it("offers the saved cards and a new card as one named radio group, the newest chosen", () => {
    const { store } = fakeStore(AUTHORIZED)
    render(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        savedCards={SAVED_CARDS}
      />
    )
    const group = screen.getByRole("group", { name: "Pay with" })
    expect(group.tagName).toBe("FIELDSET")
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.parentElement?.textContent)
    ).toEqual([
      "Visa •••• 4242",
      "American Express •••• 0005",
      "Use a new card",
    ])
    expect(
      screen.getByRole("radio", { name: "Visa •••• 4242" })
    ).toHaveProperty("checked", true)
    // a saved card needs only its security code
    expect(screen.queryByLabelText("Card number")).toBeNull()
    expect(screen.queryByLabelText("Expiry date (MM / YY)")).toBeNull()
    expect(screen.getByLabelText("Security code")).toBeTruthy()
  })

  it("sends the chosen saved card's id with the security code, and nothing typed before", async () => {
    const user = userEvent.setup()
    const { store, calls } = fakeStore(AUTHORIZED)
    const outcomes: CardOutcome[] = []
    render(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        cart={CART}
        savedCards={SAVED_CARDS}
        canSaveCard
        onOutcome={(o) => outcomes.push(o)}
      />
    )
    await user.click(screen.getByRole("radio", { name: "Use a new card" }))
    await user.type(screen.getByLabelText("Card number"), "4000000000009995")
    await user.click(
      screen.getByRole("radio", { name: "American Express •••• 0005" })
    )
    expect(screen.queryByLabelText("Save this card for next time")).toBeNull()
    await user.type(screen.getByLabelText("Security code"), "7373")
    await user.click(screen.getByRole("button", { name: "Pay $15.00" }))
    await called(calls, 1)

    expect(calls).toEqual([
      {
        method: "POST",
        path: "/store/acquiring/payment-sessions/ps_1/card",
        body: {
          saved_card: { id: "acqcard_amex", security_code: "7373" },
          holder: { first_name: "Ada", last_name: "Shopper" },
        },
      },
    ])
    expect(outcomes.map((o) => o.kind)).toEqual(["authorized"])
  })

  it("asks for the saved card's code before sending, by its brand's length", async () => {
    const { user, calls } = renderForm(AUTHORIZED, { savedCards: SAVED_CARDS })
    await user.click(screen.getByRole("button", { name: "Pay" }))
    expect(calls).toEqual([])
    expect(screen.getByText("Enter the 3-digit security code")).toBeTruthy()
    expect(
      screen.getByLabelText("Security code").getAttribute("aria-invalid")
    ).toBe("true")

    await user.click(
      screen.getByRole("radio", { name: "American Express •••• 0005" })
    )
    await user.type(screen.getByLabelText("Security code"), "737")
    await user.click(screen.getByRole("button", { name: "Pay" }))
    expect(calls).toEqual([])
    expect(screen.getByText("Enter the 4-digit security code")).toBeTruthy()
  })

  it("sends the id alone where the merchant does not ask for the code again", async () => {
    const { user, calls } = renderForm(AUTHORIZED, {
      savedCards: SAVED_CARDS,
      savedCardCode: "optional",
    })
    await user.click(screen.getByRole("button", { name: "Pay" }))
    await called(calls, 1)
    expect(calls.map((call) => call.body)).toEqual([
      { saved_card: { id: "acqcard_visa" } },
    ])
  })

  it("puts the plugin's refusal of a saved card's code next to the code", async () => {
    const user = userEvent.setup()
    const { store } = fakeStore({
      status: 400,
      body: {
        type: "invalid_data",
        message: "saved_card.security_code: is required",
        issues: [{ field: "saved_card.security_code", reason: "is required" }],
      },
    })
    render(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        savedCards={SAVED_CARDS}
        savedCardCode="optional"
      />
    )
    await user.click(screen.getByRole("button", { name: "Pay" }))
    const message = await screen.findByText("is required")
    const input = screen.getByLabelText("Security code")
    expect(input.getAttribute("aria-describedby")).toBe(message.id)
    expect(screen.getByRole("alert").textContent).toBe(
      "Check the field marked below."
    )
    expect(document.activeElement).toBe(input)
  })

  it("payLabel reads what the Pay button reads, for a checkout's text that names it", () => {
    renderForm(AUTHORIZED, { cart: CART })
    expect(screen.getByRole("button", { name: payLabel(CART) })).toBeTruthy()
    expect(payLabel(CART)).toBe("Pay $15.00")
    expect(payLabel()).toBe("Pay")
    expect(payLabel(CART, { messages: GERMAN_MESSAGES })).toBe(
      "$15.00 bezahlen"
    )
    expect(payLabel(CART, { submitLabel: "Pay now" })).toBe("Pay now")
  })

  it("puts no label after an input, so a store's floating-label rule leaves the save box's label alone", async () => {
    const { user } = renderForm(AUTHORIZED, {
      savedCards: SAVED_CARDS,
      canSaveCard: true,
    })
    await user.click(screen.getByRole("radio", { name: "Use a new card" }))
    const box = screen.getByRole("checkbox", {
      name: "Save this card for next time",
    })
    // Medusa's Next.js starter shrinks and lifts `input:not(:placeholder-shown) ~ label`
    expect(document.querySelectorAll("input ~ label")).toHaveLength(0)
    expect(box.closest("label")?.className).toBe("acquiring-card-save")
  })

  it("asks to keep a new card when the shopper ticks the box", async () => {
    const { user, calls } = renderForm(AUTHORIZED, {
      savedCards: SAVED_CARDS,
      canSaveCard: true,
    })
    await user.click(screen.getByRole("radio", { name: "Use a new card" }))
    const box = screen.getByRole("checkbox", {
      name: "Save this card for next time",
    })
    expect(box).toHaveProperty("checked", false)
    await fillCard(user, APPROVED)
    await user.click(box)
    await user.click(screen.getByRole("button", { name: "Pay" }))
    await called(calls, 1)

    expect(calls.map((call) => call.body)).toEqual([
      {
        card: {
          number: "4242424242424242",
          expiry_month: "12",
          expiry_year: "2031",
          security_code: "918",
        },
        save_card: true,
      },
    ])
  })

  it("offers no save box unless told the shopper is signed in", async () => {
    const user = userEvent.setup()
    const { store, calls } = fakeStore(AUTHORIZED)
    render(<CardForm store={store} session={{ id: "ps_1" }} />)
    expect(screen.queryByRole("checkbox")).toBeNull()
    expect(screen.queryByRole("group")).toBeNull()
    await fillCard(user, APPROVED)
    await user.click(screen.getByRole("button", { name: "Pay" }))
    await called(calls, 1)
    expect(calls[0].body).not.toHaveProperty("save_card")
  })

  it("drops a saved card the acquirer no longer knows and asks for the card typed", async () => {
    const user = userEvent.setup()
    const { store, calls } = scriptedStore(CARD_GONE, AUTHORIZED)
    const gone: string[] = []
    const outcomes: CardOutcome[] = []
    render(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        savedCards={SAVED_CARDS}
        onSavedCardGone={(id) => gone.push(id)}
        onOutcome={(o) => outcomes.push(o)}
      />
    )
    await user.type(screen.getByLabelText("Security code"), "737")
    await user.click(screen.getByRole("button", { name: "Pay" }))

    expect((await screen.findByRole("alert")).textContent).toBe(
      "This saved card can no longer be used. Enter the card's details to pay."
    )
    expect(gone).toEqual(["acqcard_visa"])
    expect(outcomes.map((o) => o.kind)).toEqual(["declined"])
    expect(screen.queryByRole("radio", { name: "Visa •••• 4242" })).toBeNull()
    expect(
      screen.getByRole("radio", { name: "American Express •••• 0005" })
    ).toHaveProperty("checked", false)
    expect(
      screen.getByRole("radio", { name: "Use a new card" })
    ).toHaveProperty("checked", true)
    expect(screen.getByLabelText("Security code")).toHaveProperty("value", "")

    await fillCard(user, APPROVED)
    await user.click(screen.getByRole("button", { name: "Pay" }))
    await called(calls, 2)
    expect(calls.map((call) => call.body)).toEqual([
      { saved_card: { id: "acqcard_visa", security_code: "737" } },
      {
        card: {
          number: "4242424242424242",
          expiry_month: "12",
          expiry_year: "2031",
          security_code: "918",
        },
      },
    ])
  })

  it("drops the whole choice when the only saved card is gone", async () => {
    const { user } = renderForm(CARD_GONE, {
      savedCards: SAVED_CARDS.slice(0, 1),
    })
    await user.type(screen.getByLabelText("Security code"), "737")
    await user.click(screen.getByRole("button", { name: "Pay" }))
    await screen.findByRole("alert")
    expect(screen.queryByRole("group")).toBeNull()
    expect(screen.getByLabelText("Card number")).toBeTruthy()
  })

  it("treats E0011 on a typed card as any other decline", async () => {
    const { user } = renderForm(CARD_GONE, { savedCards: SAVED_CARDS })
    await user.click(screen.getByRole("radio", { name: "Use a new card" }))
    await fillCard(user, APPROVED)
    await user.click(screen.getByRole("button", { name: "Pay" }))
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The payment did not go through. Try again or use another card. Enter the security code again to retry."
    )
    expect(screen.getAllByRole("radio")).toHaveLength(3)
  })

  it("keeps a card being typed when the saved cards arrive late", async () => {
    const user = userEvent.setup()
    const { store } = fakeStore(AUTHORIZED)
    const { rerender } = render(
      <CardForm store={store} session={{ id: "ps_1" }} />
    )
    await user.type(screen.getByLabelText("Card number"), "4242")
    rerender(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        savedCards={SAVED_CARDS}
      />
    )
    expect(screen.getByLabelText("Card number")).toHaveProperty("value", "4242")
    expect(
      screen.getByRole("radio", { name: "Use a new card" })
    ).toHaveProperty("checked", true)
  })

  it("shows the texts the storefront gives instead of the defaults", async () => {
    const user = userEvent.setup()
    const { store } = fakeStore(CARD_GONE)
    render(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        cart={CART}
        savedCards={SAVED_CARDS}
        canSaveCard
        messages={{
          savedCardsLegend: "Bezahlen mit",
          savedCard: (card) => `${card.brand} endet auf ${card.last4}`,
          newCard: "Neue Karte",
          securityCode: "Prüfnummer",
          pay: (amount) => `Jetzt ${amount} zahlen`,
          savedCardGone: "Diese Karte gibt es nicht mehr.",
          cardNumber: "Kartennummer",
          expiry: "Gültig bis (MM / JJ)",
          saveCard: "Karte speichern",
          processing: undefined,
        }}
      />
    )
    expect(screen.getByRole("group", { name: "Bezahlen mit" })).toBeTruthy()
    expect(
      screen.getByRole("radio", { name: "visa endet auf 4242" })
    ).toBeTruthy()
    await user.type(screen.getByLabelText("Prüfnummer"), "737")
    await user.click(
      screen.getByRole("button", { name: "Jetzt $15.00 zahlen" })
    )

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Diese Karte gibt es nicht mehr."
    )
    expect(screen.getByRole("radio", { name: "Neue Karte" })).toHaveProperty(
      "checked",
      true
    )
    expect(screen.getByLabelText("Kartennummer")).toBeTruthy()
    expect(screen.getByLabelText("Gültig bis (MM / JJ)")).toBeTruthy()
    expect(screen.getByLabelText("Karte speichern")).toBeTruthy()
  })

  it("keeps no card data in the browser's storage", async () => {
    const user = userEvent.setup()
    const setItem = jest.spyOn(Storage.prototype, "setItem")
    try {
      const { store } = scriptedStore(CARD_GONE, AUTHORIZED)
      const outcomes: CardOutcome[] = []
      render(
        <CardForm
          store={store}
          session={{ id: "ps_1" }}
          savedCards={SAVED_CARDS}
          canSaveCard
          onOutcome={(o) => outcomes.push(o)}
        />
      )
      await user.type(screen.getByLabelText("Security code"), "737")
      await user.click(screen.getByRole("button", { name: "Pay" }))
      await screen.findByRole("alert")
      await fillCard(user, {
        number: "4242424242424242",
        expiry: "1231",
        code: "918",
      })
      await user.click(
        screen.getByRole("checkbox", { name: "Save this card for next time" })
      )
      await user.click(screen.getByRole("button", { name: "Pay" }))
      await waitFor(() =>
        expect(outcomes.map((o) => o.kind)).toContain("authorized")
      )

      expect(setItem).not.toHaveBeenCalled()
      expect(window.localStorage.length).toBe(0)
      expect(window.sessionStorage.length).toBe(0)
      expect(document.cookie).toBe("")
    } finally {
      setItem.mockRestore()
    }
  })
})

describe("CardForm from the keyboard", () => {
  it("an empty Pay says how many fields to check and puts focus on the first", async () => {
    const { user, calls } = renderForm(AUTHORIZED)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText("Card number"))
    await user.keyboard("{Enter}")
    expect(screen.getByRole("alert").textContent).toBe(
      "Check the 3 fields marked below."
    )
    const number = screen.getByLabelText("Card number")
    expect(document.activeElement).toBe(number)
    expect(number.getAttribute("aria-invalid")).toBe("true")
    expect(
      document.getElementById(number.getAttribute("aria-describedby")!)!
        .textContent
    ).toBe("Enter the full card number")
    expect(calls).toHaveLength(0)
  })

  it("a wrong expiry alone: focus goes to the expiry", async () => {
    const { user } = renderForm(AUTHORIZED)
    await fillCard(user, { ...APPROVED, expiry: "1399" })
    await user.click(screen.getByRole("button", { name: "Pay" }))
    expect(screen.getByRole("alert").textContent).toBe(
      "Check the field marked below."
    )
    expect(document.activeElement).toBe(
      screen.getByLabelText("Expiry date (MM / YY)")
    )
  })

  it("pays with the keyboard alone: type, Tab, Enter", async () => {
    const outcomes: CardOutcome[] = []
    const { user, calls } = renderForm(AUTHORIZED, {
      onOutcome: (o) => outcomes.push(o),
    })
    await user.tab()
    await user.keyboard("4242424242424242")
    await user.tab()
    await user.keyboard("1231")
    await user.tab()
    await user.keyboard("918")
    await user.tab()
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Pay" })
    )
    await user.keyboard("{Enter}")
    await screen.findByRole("button", { name: "Processing…" })
    expect(outcomes.map((o) => o.kind)).toEqual(["authorized"])
    expect(calls).toHaveLength(1)
  })

  it("a lost connection is said, with the code to type again, and focused", async () => {
    const user = userEvent.setup()
    const store: StoreTransport = async () => {
      throw new TypeError("Failed to fetch")
    }
    render(<CardForm store={store} session={{ id: "ps_1" }} />)
    await fillCard(user, APPROVED)
    await user.click(screen.getByRole("button", { name: "Pay" }))
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toBe(
      "The payment could not be sent. Check your connection and try again. Enter the security code again to retry."
    )
    expect(document.activeElement).toBe(alert)
  })

  it("speaks German with GERMAN_MESSAGES, the decline included", async () => {
    const user = userEvent.setup()
    const { store } = fakeStore({
      status: 402,
      body: {
        type: "payment_declined",
        code: "E0008",
        message: "E0008:Declined by issuer",
      },
    })
    render(
      <CardForm
        store={store}
        session={{ id: "ps_1" }}
        cart={CART}
        messages={GERMAN_MESSAGES}
      />
    )
    await user.type(screen.getByLabelText("Kartennummer"), "4000000000009995")
    await user.type(screen.getByLabelText("Gültig bis (MM / JJ)"), "1231")
    await user.type(screen.getByLabelText("Prüfnummer"), "918")
    await user.click(screen.getByRole("button", { name: "$15.00 bezahlen" }))
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Ihre Karte wurde abgelehnt. Versuchen Sie eine andere Karte oder fragen Sie Ihre Bank. Geben Sie die Prüfnummer erneut ein, um es noch einmal zu versuchen."
    )
  })
})
