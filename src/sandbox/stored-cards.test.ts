import { inspect } from "node:util"
import { newTokenId, StoredCards } from "./stored-cards"

const ACCOUNT = { merchant_id: "M100", account_id: "A200" }
const at = new Date("2026-11-21T12:00:00Z")
const visa = {
  number: "4242424242424242",
  expiration_month: "12",
  expiration_year: "2030",
}
const mastercard = {
  number: "5555555555554444",
  expiration_month: "01",
  expiration_year: "2031",
}

describe("stored cards", () => {
  it("issue opaque tokens of at most 64 characters with no digit in them", () => {
    const tokens = Array.from({ length: 200 }, () => newTokenId())
    for (const token of tokens) {
      expect(token).toMatch(/^tok_[a-z]{32}$/)
      expect(token.length).toBeLessThanOrEqual(64)
    }
    expect(new Set(tokens).size).toBe(200)
  })

  it("keep one token per card: the same card again answers the same token", () => {
    const vault = new StoredCards(ACCOUNT, () => at, 10)
    const first = vault.store(visa)
    expect(vault.store({ ...visa, expiration_year: "2032" })).toBe(first)
    expect(vault.store(mastercard)).not.toBe(first)
    // the newer expiry replaced the old one
    expect(vault.find(first)).toEqual({
      card: { ...visa, expiration_year: "2032" },
      card_masked: "424242******4242",
    })
    expect(vault.list()).toHaveLength(2)
  })

  it("give another account's vault its own token for the same card", () => {
    const one = new StoredCards(ACCOUNT, () => at, 10)
    const other = new StoredCards(
      { merchant_id: "M100", account_id: "A201" },
      () => at,
      10
    )
    const token = one.store(visa)
    expect(other.store(visa)).not.toBe(token)
    expect(other.find(token)).toBeUndefined()
  })

  it("lapse a token once; the card stored again gets a new token", () => {
    const vault = new StoredCards(ACCOUNT, () => at, 10)
    const token = vault.store(visa)
    expect(vault.lapse(token)).toBe(true)
    expect(vault.lapse(token)).toBe(false)
    expect(vault.lapse("tok_unknown")).toBe(false)
    expect(vault.find(token)).toBeUndefined()
    expect(vault.view(token)).toEqual({
      merchant_id: "M100",
      account_id: "A200",
      token_id: token,
      card_masked: "424242******4242",
      state: "lapsed",
      stored_at: "2026-11-21T12:00:00.000Z",
      lapsed_at: "2026-11-21T12:00:00.000Z",
    })
    const again = vault.store(visa)
    expect(again).not.toBe(token)
    expect(vault.find(again)?.card_masked).toBe("424242******4242")
  })

  it("forget the oldest card past the limit", () => {
    const vault = new StoredCards(ACCOUNT, () => at, 1)
    const old = vault.store(visa)
    const newer = vault.store(mastercard)
    expect(vault.find(old)).toBeUndefined()
    expect(vault.view(old)).toBeUndefined()
    expect(vault.find(newer)).toBeDefined()
    // forgotten, the card is stored again under a new token
    expect(vault.store(visa)).not.toBe(old)
  })

  it("hold a card for a pending challenge until it is released, once", () => {
    const vault = new StoredCards(ACCOUNT, () => at, 10)
    vault.hold("SBX1", visa)
    expect(vault.list()).toEqual([])
    expect(vault.release("SBX1")).toEqual(visa)
    expect(vault.release("SBX1")).toBeUndefined()
  })

  it("never show the card number or expiry in a listing, JSON or inspection", () => {
    const vault = new StoredCards(ACCOUNT, () => at, 10)
    const token = vault.store(visa)
    vault.hold("SBX1", mastercard)
    for (const text of [
      JSON.stringify(vault),
      JSON.stringify(vault.list()),
      inspect(vault, { depth: 10 }),
    ]) {
      expect(text).not.toContain("4242424242424242")
      expect(text).not.toContain("5555555555554444")
      expect(text).not.toContain("2030")
    }
    expect(JSON.stringify(vault.list())).toContain(token)
  })
})
