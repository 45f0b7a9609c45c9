import { AcquiringRequestError } from "./request-error"
import {
  isKnownPaymentMethod,
  listPaymentMethods,
  paysOnHostedPage,
  watchPaymentMethods,
  type CartPaymentMethods,
} from "./payment-methods"
import { startSession } from "./session"
import { ENGLISH_MESSAGES } from "./messages-en"
import { GERMAN_MESSAGES } from "./messages-de"
import type { DeviceData } from "./device-data"
import type { StoreAnswer, StoreTransport } from "./transport"

function fakeStore(...answers: StoreAnswer[]) {
  const calls: { method: string; path: string; body: unknown }[] = []
  const store: StoreTransport = async (method, path, body) => {
    calls.push({ method, path, body })
    return answers.shift()!
  }
  return { store, calls }
}

const CARD = {
  code: "CARD",
  display_name: "Credit or debit card",
  rank: 1,
  provider_id: "pp_acquiring-card_acquiring",
}
const WALLET = {
  code: "WALLET",
  display_name: "Digital wallet",
  rank: 2,
  provider_id: "pp_acquiring-hosted_acquiring",
}
const BANK_TRANSFER = {
  code: "BANK_TRANSFER",
  display_name: "Bank transfer",
  rank: 3,
  provider_id: "pp_acquiring-hosted_acquiring",
}

describe("listPaymentMethods", () => {
  it("asks for the cart's methods and keeps their order and known keys only", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: {
        payment_methods: [
          { ...BANK_TRANSFER, rank: 3, account: "must not be kept" },
          CARD,
          { ...WALLET, icon: "https://acquirer.example/wallet.svg" },
        ],
        source: "acquirer",
        cache: "hit",
      },
    })
    expect(await listPaymentMethods(store, "cart_01 x")).toEqual({
      payment_methods: [BANK_TRANSFER, CARD, WALLET],
      source: "acquirer",
      pending: false,
    })
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/store/acquiring/carts/cart_01%20x/payment-methods",
        body: undefined,
      },
    ])
  })

  it("keeps a code it does not know, by the acquirer's name, and drops what cannot be paid with", async () => {
    const { store } = fakeStore({
      status: 200,
      body: {
        payment_methods: [
          {
            code: "INSTALMENTS",
            display_name: "Pay in 3",
            rank: "4",
            provider_id: "pp_acquiring-hosted_acquiring",
          },
          { code: "VOUCHER", provider_id: "pp_acquiring-hosted_acquiring" },
          { code: "NO_PROVIDER", display_name: "Nowhere", rank: 5 },
          null,
        ],
        source: "something else",
        pending: "yes",
      },
    })
    expect(await listPaymentMethods(store, "cart_01")).toEqual({
      payment_methods: [
        {
          code: "INSTALMENTS",
          display_name: "Pay in 3",
          rank: 4,
          provider_id: "pp_acquiring-hosted_acquiring",
        },
        {
          code: "VOUCHER",
          display_name: "VOUCHER",
          rank: 0,
          provider_id: "pp_acquiring-hosted_acquiring",
        },
      ],
      source: "cards",
      pending: false,
    })
  })

  it("throws the store's refusal", async () => {
    const { store } = fakeStore({
      status: 404,
      body: { type: "not_found", message: "Cart cart_01 was not found" },
    })
    const refusal = await listPaymentMethods(store, "cart_01").catch(
      (error: unknown) => error
    )
    expect(refusal).toBeInstanceOf(AcquiringRequestError)
    expect(refusal).toMatchObject({
      status: 404,
      type: "not_found",
      message: "Cart cart_01 was not found",
    })
  })

  it("throws on an answer without a list", async () => {
    const { store } = fakeStore({ status: 200, body: { source: "cards" } })
    await expect(listPaymentMethods(store, "cart_01")).rejects.toBeInstanceOf(
      AcquiringRequestError
    )
  })
})

describe("watchPaymentMethods", () => {
  const cardsNow = {
    status: 200,
    body: { payment_methods: [CARD], source: "cards", pending: true },
  }
  const acquirers = {
    status: 200,
    body: {
      payment_methods: [CARD, WALLET, BANK_TRANSFER],
      source: "acquirer",
      pending: false,
    },
  }

  it("gives the cards offered at once, then the acquirer's list once it is in, and asks no more", async () => {
    const { store, calls } = fakeStore(cardsNow, cardsNow, acquirers)
    const shown: CartPaymentMethods[] = []
    await watchPaymentMethods(store, "cart_01", (m) => shown.push(m), {
      retryAfterMs: 0,
    })
    expect(shown.map((m) => m.payment_methods.map((p) => p.code))).toEqual([
      ["CARD"],
      ["CARD"],
      ["CARD", "WALLET", "BANK_TRANSFER"],
    ])
    expect(shown.map((m) => m.pending)).toEqual([true, true, false])
    expect(calls).toHaveLength(3)
  })

  it("asks no more than its retries while the list stays pending", async () => {
    const { store, calls } = fakeStore(cardsNow, cardsNow, cardsNow, acquirers)
    const shown: CartPaymentMethods[] = []
    await watchPaymentMethods(store, "cart_01", (m) => shown.push(m), {
      retryAfterMs: 0,
      retries: 2,
    })
    expect(calls).toHaveLength(3)
    expect(shown.map((m) => m.source)).toEqual(["cards", "cards", "cards"])
  })

  it("throws the first listing's refusal; a later one leaves the cards shown", async () => {
    const refused = {
      status: 404,
      body: { type: "not_found", message: "Cart cart_01 was not found" },
    }
    await expect(
      watchPaymentMethods(fakeStore(refused).store, "cart_01", () => {})
    ).rejects.toBeInstanceOf(AcquiringRequestError)
    const { store, calls } = fakeStore(cardsNow, refused, acquirers)
    const shown: CartPaymentMethods[] = []
    await watchPaymentMethods(store, "cart_01", (m) => shown.push(m), {
      retryAfterMs: 0,
    })
    expect(calls).toHaveLength(2)
    expect(shown.map((m) => m.source)).toEqual(["cards"])
  })

  it("stops when its signal aborts: nothing more is asked or given", async () => {
    const watch = new AbortController()
    const { store, calls } = fakeStore(cardsNow, acquirers)
    const shown: CartPaymentMethods[] = []
    const watched = watchPaymentMethods(
      store,
      "cart_01",
      (m) => {
        shown.push(m)
        // the page moved on while the first list was shown
        watch.abort()
      },
      { signal: watch.signal, retryAfterMs: 60_000 }
    )
    await watched
    expect(calls).toHaveLength(1)
    expect(shown).toHaveLength(1)
  })

  it("gives nothing when aborted while the first listing was on its way", async () => {
    const watch = new AbortController()
    const store: StoreTransport = async () => {
      watch.abort()
      return acquirers
    }
    const shown: CartPaymentMethods[] = []
    await watchPaymentMethods(store, "cart_01", (m) => shown.push(m), {
      signal: watch.signal,
    })
    expect(shown).toEqual([])
  })
})

describe("paysOnHostedPage", () => {
  it("is true for the hosted provider of any registration id, false for the card form's", () => {
    expect(paysOnHostedPage(WALLET)).toBe(true)
    expect(
      paysOnHostedPage({ provider_id: "pp_acquiring-hosted_eu_shop" })
    ).toBe(true)
    expect(paysOnHostedPage(CARD)).toBe(false)
    expect(paysOnHostedPage({ provider_id: "pp_stripe_stripe" })).toBe(false)
  })
})

describe("startSession with a payment method", () => {
  const device: DeviceData = {
    time_zone: "Europe/Berlin",
    resolution: "1440x900",
    color_depth: "24",
    challenge_window_size: "05",
  }

  it("sends data.payment_method with the device to the method's provider", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: {
        payment_collection: {
          payment_sessions: [
            {
              id: "ps_1",
              provider_id: WALLET.provider_id,
              status: "pending",
              data: { status: "pending", payment_method: "WALLET" },
            },
          ],
        },
      },
    })
    const session = await startSession(
      store,
      { id: "cart_1", payment_collection: { id: "pay_col_1" } },
      WALLET.provider_id,
      { device, paymentMethod: WALLET.code }
    )
    expect(session).toEqual({
      id: "ps_1",
      provider_id: WALLET.provider_id,
      status: "pending",
      data: { status: "pending", payment_method: "WALLET" },
    })
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/store/payment-collections/pay_col_1/payment-sessions",
        body: {
          provider_id: WALLET.provider_id,
          data: { device, payment_method: "WALLET" },
        },
      },
    ])
  })

  it("sends no payment_method when none is chosen", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: {
        payment_collection: {
          payment_sessions: [
            { id: "ps_1", provider_id: CARD.provider_id, status: "pending" },
          ],
        },
      },
    })
    await startSession(
      store,
      { id: "cart_1", payment_collection: { id: "pay_col_1" } },
      "card",
      { device }
    )
    expect(calls[0].body).toEqual({
      provider_id: CARD.provider_id,
      data: { device },
    })
  })

  it("throws the refusal of a method the acquirer did not offer, naming data.payment_method", async () => {
    const { store } = fakeStore({
      status: 400,
      body: {
        type: "invalid_data",
        message:
          "data.payment_method: BANK_TRANSFER is not offered for this cart",
        issues: [
          {
            field: "data.payment_method",
            reason: "BANK_TRANSFER is not offered for this cart",
          },
        ],
      },
    })
    const refusal = await startSession(
      store,
      { id: "cart_1", payment_collection: { id: "pay_col_1" } },
      BANK_TRANSFER.provider_id,
      { device, paymentMethod: "BANK_TRANSFER" }
    ).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AcquiringRequestError)
    expect((refusal as AcquiringRequestError).issues[0].field).toBe(
      "data.payment_method"
    )
  })
})

describe("payment method hints", () => {
  it("has a hint for each known code in English and German, none for others", () => {
    for (const code of ["CARD", "WALLET", "BANK_TRANSFER"]) {
      expect(isKnownPaymentMethod(code)).toBe(true)
      expect(ENGLISH_MESSAGES.paymentMethodHint(code)).not.toBe("")
      expect(GERMAN_MESSAGES.paymentMethodHint(code)).not.toBe("")
    }
    expect(ENGLISH_MESSAGES.paymentMethodHint("BANK_TRANSFER")).toBe(
      "Send the amount from your bank. Your order is confirmed once the money arrives."
    )
    expect(isKnownPaymentMethod("INSTALMENTS")).toBe(false)
    expect(ENGLISH_MESSAGES.paymentMethodHint("INSTALMENTS")).toBe("")
    expect(GERMAN_MESSAGES.paymentMethodHint("INSTALMENTS")).toBe("")
  })

  it("says the order is waiting for the transfer, with its number when known", () => {
    expect(ENGLISH_MESSAGES.returnAwaitingTransfer("#1042")).toBe(
      "Order #1042 is placed. We are waiting for your bank transfer and confirm the order once the money arrives; please do not pay again."
    )
    expect(ENGLISH_MESSAGES.returnAwaitingTransfer()).toMatch(
      /^Your order is placed\. We are waiting for your bank transfer/
    )
    expect(GERMAN_MESSAGES.returnAwaitingTransfer("#1042")).toMatch(
      /^Bestellung #1042 ist aufgegeben\. Wir warten auf Ihre Überweisung/
    )
  })

  it("names the methods it knows by their code, and no other", () => {
    expect(
      ["CARD", "WALLET", "BANK_TRANSFER", "INSTALMENTS"].map(
        ENGLISH_MESSAGES.paymentMethodName
      )
    ).toEqual(["Credit or debit card", "Digital wallet", "Bank transfer", ""])
    expect(GERMAN_MESSAGES.paymentMethodName("BANK_TRANSFER")).toBe(
      "Überweisung"
    )
    // a key of Object's prototype is no method's name
    expect(ENGLISH_MESSAGES.paymentMethodName("toString")).toBe("")
  })

  it("says what to send and by when, and how a transfer ended", () => {
    const transfer = { amount: "105.00 USD", until: "December 9, 2026" }
    expect(ENGLISH_MESSAGES.returnAwaitingTransfer("#1042", transfer)).toBe(
      "Order #1042 is placed. Send 105.00 USD by bank transfer, with the reference the payment page gave you, by December 9, 2026. We confirm the order once the money arrives; please do not pay again."
    )
    expect(GERMAN_MESSAGES.returnAwaitingTransfer("#1042", transfer)).toMatch(
      /^Bestellung #1042 ist aufgegeben\. Überweisen Sie 105\.00 USD .* bis December 9, 2026\./
    )
    expect(
      ENGLISH_MESSAGES.returnTransferLapsed("#1042", "December 9, 2026")
    ).toBe(
      "The bank transfer for order #1042 did not arrive by December 9, 2026, so the order is cancelled. Nothing was charged; please do not send the money now."
    )
    // no order made: the cart is kept
    expect(ENGLISH_MESSAGES.returnTransferLapsed()).toBe(
      "Your bank transfer did not arrive in time. Nothing was charged; your cart is kept and you can pay again."
    )
    expect(ENGLISH_MESSAGES.returnTransferVoided("#1042")).toBe(
      "Order #1042 is cancelled, and its bank transfer with it. Please do not send the money; anything already sent is returned to you."
    )
    for (const messages of [ENGLISH_MESSAGES, GERMAN_MESSAGES]) {
      expect(messages.returnTransferReceived).not.toBe("")
      // neither ending ever says "placed"
      expect(messages.returnTransferLapsed("#1")).not.toMatch(
        /placed|aufgegeben/
      )
      expect(messages.returnTransferVoided("#1")).not.toMatch(
        /placed|aufgegeben/
      )
    }
  })
})
