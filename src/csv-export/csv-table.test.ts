/**
 * The CSV cell rule: a cell starting a formula gets one leading quote and
 * is quoted; nothing else changes. Read back with csv-parse (another
 * library than the writer) and compared with the value written.
 */
import { parse } from "csv-parse/sync"
import { csvTable, safeCell } from "./csv-table"

const FORMULA_STARTS = [
  "=",
  "+",
  "-",
  "@",
  "\t",
  "\r",
  "\uFF1D", // ＝
  "\uFF0B", // ＋
  "\uFF0D", // －
  "\uFF20", // ＠
]

/** Values as a page shows them, each starting a formula in a spreadsheet. */
const FORMULAS = FORMULA_STARTS.flatMap((start) => [
  `${start}2+3`,
  `${start}HYPERLINK("https://evil.example","x")`,
  `${start}cmd|' /C calc'!A0`,
])

/** Values that start no formula: written as they are. */
const PLAIN = [
  "2+3",
  "a=b",
  "",
  "4837",
  "No cardholder authorisation",
  "'already quoted",
  " -2 (a leading space)",
  "x,y",
  'say "hi"',
  "two\nlines",
]

function readBack(csv: string): string[][] {
  return parse(csv, { relax_quotes: false }) as string[][]
}

describe("the CSV cell rule", () => {
  it.each(FORMULAS.map((v) => [JSON.stringify(v), v]))(
    "%s gets one leading quote, is quoted, and reads back as the value",
    (_name, value) => {
      expect(safeCell(value)).toBe(`'${value}`)
      const csv = csvTable(
        ["order", "reason"],
        [{ order: "#1", reason: value }]
      )
      const [header, row] = readBack(csv)
      expect(header).toEqual(["order", "reason"])
      expect(row).toEqual(["#1", `'${value}`])
      // written between double quotes, the added quote inside them
      expect(csv.split("\n")[1].startsWith(`#1,"'`)).toBe(true)
      // stripping the one added quote gives the page's value
      expect(row[1].slice(1)).toBe(value)
    }
  )

  it.each(PLAIN.map((v) => [JSON.stringify(v), v]))(
    "%s is written as it is",
    (_name, value) => {
      expect(safeCell(value)).toBe(value)
      const [, row] = readBack(
        csvTable(["order", "reason"], [{ order: "#1", reason: value }])
      )
      expect(row).toEqual(["#1", value])
    }
  )

  it("leaves a value's inside alone: only its first character counts", () => {
    expect(safeCell("2-3")).toBe("2-3")
    expect(safeCell("a@b.example")).toBe("a@b.example")
    expect(safeCell("x\t=1")).toBe("x\t=1")
  })

  it("writes empty cells for missing values and one header", () => {
    expect(
      csvTable(
        ["a", "b", "c"],
        [
          { a: "1", b: null, c: undefined },
          { a: "-1", b: "", c: "3" },
        ]
      )
    ).toBe(`a,b,c\n1,,\n"'-1",,3\n`)
  })
})
