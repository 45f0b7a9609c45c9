import { mapCardAnswer } from "./card-outcome"
import { AcquiringRequestError } from "./request-error"
import {
  brandName,
  deleteSavedCard,
  isSavedCardGone,
  listSavedCards,
} from "./saved-cards"
import type { StoreAnswer, StoreMethod, StoreTransport } from "./transport"

type Call = { method: string; path: string; body: unknown }

function fakeStore(answer: StoreAnswer) {
  const calls: Call[] = []
  const store: StoreTransport<StoreMethod> = async (method, path, body) => {
    calls.push({ method, path, body })
    return answer
  }
  return { store, calls }
}

const VISA = {
  id: "acqcard_01",
  brand: "visa",
  card_masked: "424242******4242",
  last4: "4242",
  saved_at: "2026-11-20T10:00:00.000Z",
  last_used_at: null,
}

describe("listSavedCards", () => {
  it("reads the signed-in customer's cards and keeps only the saved card's own keys", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: {
        saved_cards: [
          // a key the plugin never sends, to show the kit would not keep it
          { ...VISA, token_id: "tok_must_not_be_kept" },
          {
            id: "acqcard_02",
            brand: null,
            card_masked: "601100******0004",
            last4: "0004",
            saved_at: "2026-10-01T08:30:00.000Z",
            last_used_at: "2026-11-01T09:00:00.000Z",
          },
        ],
      },
    })
    const cards = await listSavedCards(store)
    expect(calls).toEqual([
      { method: "GET", path: "/store/acquiring/saved-cards", body: undefined },
    ])
    expect(cards).toEqual([
      {
        id: "acqcard_01",
        brand: "visa",
        card_masked: "424242******4242",
        last4: "4242",
        saved_at: "2026-11-20T10:00:00.000Z",
        last_used_at: null,
      },
      {
        id: "acqcard_02",
        brand: null,
        card_masked: "601100******0004",
        last4: "0004",
        saved_at: "2026-10-01T08:30:00.000Z",
        last_used_at: "2026-11-01T09:00:00.000Z",
      },
    ])
  })

  it("gives a guest no cards", async () => {
    const { store } = fakeStore({
      status: 404,
      body: { type: "not_found", message: "No customer is signed in" },
    })
    expect(await listSavedCards(store)).toEqual([])
  })

  it("throws the store's refusal otherwise", async () => {
    const { store } = fakeStore({
      status: 500,
      body: { type: "unknown_error", message: "An unknown error occurred." },
    })
    const error = await listSavedCards(store).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AcquiringRequestError)
    expect(error).toMatchObject({
      status: 500,
      type: "unknown_error",
      message: "An unknown error occurred.",
    })
  })
})

describe("deleteSavedCard", () => {
  it("sends DELETE for the card's id, escaped in the path", async () => {
    const { store, calls } = fakeStore({
      status: 200,
      body: { id: "acqcard_01", object: "saved_card", deleted: true },
    })
    const outcome = await deleteSavedCard(store, "acqcard_01")
    const odd = await deleteSavedCard(store, "acqcard_01/../x")
    expect(calls).toEqual([
      {
        method: "DELETE",
        path: "/store/acquiring/saved-cards/acqcard_01",
        body: undefined,
      },
      {
        method: "DELETE",
        path: "/store/acquiring/saved-cards/acqcard_01%2F..%2Fx",
        body: undefined,
      },
    ])
    expect(outcome).toEqual({ kind: "deleted", id: "acqcard_01" })
    expect(odd.kind).toBe("deleted")
  })

  it("tells a card that is not the customer's from a failure", async () => {
    const notFound = fakeStore({
      status: 404,
      body: { type: "not_found", message: "Saved card not found" },
    })
    expect(await deleteSavedCard(notFound.store, "acqcard_09")).toEqual({
      kind: "not_found",
      message: "Saved card not found",
    })
    const broken = fakeStore({ status: 503, body: undefined })
    expect(await deleteSavedCard(broken.store, "acqcard_01")).toEqual({
      kind: "failed",
      status: 503,
      message: "The store answered 503",
    })
  })
})

describe("isSavedCardGone", () => {
  const declined = (code: string) =>
    mapCardAnswer({
      status: 402,
      body: { type: "payment_declined", code, message: "Declined" },
    })

  it("recognises the acquirer's E0011 decline", () => {
    expect(isSavedCardGone(declined("E0011"))).toBe(true)
  })

  it("leaves other declines and other outcomes alone", () => {
    expect(isSavedCardGone(declined("E0008"))).toBe(false)
    expect(
      isSavedCardGone({ kind: "failed", status: 500, message: "E0011" })
    ).toBe(false)
  })
})

describe("brandName", () => {
  it("names the brands as printed", () => {
    expect(brandName("visa")).toBe("Visa")
    expect(brandName("american-express")).toBe("American Express")
    expect(brandName("unionpay")).toBe("UnionPay")
  })

  it("spells out a brand it has no name for, and says Card for none", () => {
    expect(brandName("some-new-brand")).toBe("Some New Brand")
    expect(brandName("constructor")).toBe("Constructor")
    expect(brandName(null)).toBe("Card")
  })
})
