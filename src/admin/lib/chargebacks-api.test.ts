import {
  chargebackFilterQuery,
  chargebackListQuery,
  exportFileName,
  searchMistake,
} from "./chargebacks-api"

describe("the Chargebacks page's query", () => {
  it("sends only the filters set, and the page", () => {
    expect(chargebackListQuery({ limit: 20, offset: 40 })).toEqual({
      limit: "20",
      offset: "40",
    })
    expect(
      chargebackListQuery({
        status: "OPEN",
        opened_from: "2026-11-01",
        opened_to: "2026-11-30",
        respond_by_to: "2026-12-10",
        q: " CB1A2B3C4D5E6F ",
        limit: 20,
        offset: 0,
      })
    ).toEqual({
      status: "OPEN",
      opened_from: "2026-11-01",
      opened_to: "2026-11-30",
      respond_by_to: "2026-12-10",
      q: "CB1A2B3C4D5E6F",
      limit: "20",
      offset: "0",
    })
  })

  it("asks the export for the same rows, every page of them", () => {
    const filters = { status: "LOST" as const, q: "SBX2026", limit: 20 }
    expect(chargebackFilterQuery({ ...filters })).toEqual({
      status: "LOST",
      q: "SBX2026",
    })
  })

  it("leaves out a search the server would refuse, and says why", () => {
    expect(chargebackFilterQuery({ q: "a b" })).toEqual({})
    expect(chargebackFilterQuery({ q: " #12 " })).toEqual({ q: "#12" })
    // what the placeholder invites: an order as the admin shows it
    expect(searchMistake("#12")).toBeUndefined()
    expect(searchMistake("12")).toBeUndefined()
    expect(searchMistake("a b")).toMatch(/^Search by an order .*#12/)
    expect(searchMistake("x".repeat(61))).toMatch(/up to 60 letters/)
    expect(searchMistake("##12")).toMatch(/up to 60 letters/)
    expect(searchMistake("")).toBeUndefined()
    expect(searchMistake("MED3f2a:01")).toBeUndefined()
  })

  it("names the CSV as the server does, else by today's date", () => {
    expect(
      exportFileName('attachment; filename="chargebacks-2026-12-01.csv"')
    ).toBe("chargebacks-2026-12-01.csv")
    expect(exportFileName(null, new Date("2026-12-02T10:00:00Z"))).toBe(
      "chargebacks-2026-12-02.csv"
    )
  })
})
