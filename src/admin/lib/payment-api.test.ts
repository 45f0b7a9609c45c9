import { authorizationLapseNote, savedCardNotes } from "./payment-api"

describe("the saved card notes of a payment", () => {
  it("says a saved card paid", () => {
    expect(
      savedCardNotes({ id: "acqcard_1", kept: false, paid_with: true })
    ).toEqual(["Paid with a saved card"])
  })

  it("says the payment saved the card", () => {
    expect(
      savedCardNotes({ id: "acqcard_1", kept: true, paid_with: false })
    ).toEqual(["Card saved for the customer"])
  })

  it("says nothing without a saved card", () => {
    expect(savedCardNotes(null)).toEqual([])
    expect(
      savedCardNotes({ id: "acqcard_1", kept: false, paid_with: false })
    ).toEqual([])
  })
})

describe("the authorisation's lapse on the payment card", () => {
  // local times: the card counts calendar days where the admin is
  const now = new Date(2026, 10, 26, 9, 0)
  const at = (...parts: [number, number, number, number]) =>
    new Date(2026, ...parts).toISOString()

  it("counts the days left", () => {
    expect(
      authorizationLapseNote({ lapses_at: at(10, 28, 8, 0) }, now)
    ).toEqual({ text: "Authorisation lapses in 2 days", lapsed: false })
    expect(
      authorizationLapseNote({ lapses_at: at(10, 27, 23, 0) }, now)?.text
    ).toBe("Authorisation lapses in 1 day")
    expect(
      authorizationLapseNote({ lapses_at: at(10, 26, 18, 0) }, now)?.text
    ).toBe("Authorisation lapses today")
  })

  it("says when it lapsed", () => {
    expect(
      authorizationLapseNote({ lapses_at: at(10, 26, 8, 0) }, now)
    ).toEqual({ text: "Authorisation lapsed on 2026-11-26", lapsed: true })
    expect(
      authorizationLapseNote(
        { lapses_at: null, lapsed_at: at(10, 20, 12, 0) },
        now
      )
    ).toEqual({ text: "Authorisation lapsed on 2026-11-20", lapsed: true })
  })

  it("says nothing when nothing lapses", () => {
    expect(
      authorizationLapseNote({ lapses_at: null, lapsed_at: null }, now)
    ).toBe(null)
    expect(authorizationLapseNote({}, now)).toBe(null)
  })
})
