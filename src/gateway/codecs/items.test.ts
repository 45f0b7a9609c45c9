import { cleanItemText, decodeItems, encodeItems } from "./items"
import { InvalidInputError } from "../errors"

describe("encodeItems", () => {
  it("joins parts with #,# and items with #;#", () => {
    const s = encodeItems([
      { name: "Blue shirt", code: "SKU-1", unit_price: "19.99", quantity: 2 },
      { name: "Socks", code: "SKU-2", unit_price: "5.00", quantity: "3" },
    ])
    expect(s).toBe("Blue shirt#,#SKU-1#,#19.99#,#2#;#Socks#,#SKU-2#,#5.00#,#3")
  })

  it("writes an empty part as 0", () => {
    expect(encodeItems([{ name: "", unit_price: "1.00", quantity: 1 }])).toBe(
      "0#,#0#,#1.00#,#1"
    )
    expect(
      encodeItems([{ name: "Gift", code: "", unit_price: "", quantity: "" }])
    ).toBe("Gift#,#0#,#0#,#0")
  })

  it("strips separator sequences from names and codes", () => {
    const s = encodeItems([
      { name: "a#,#b#;#c", code: "X#;#Y", unit_price: "1.00", quantity: 1 },
    ])
    expect(s).toBe("abc#,#XY#,#1.00#,#1")
  })

  it("strips sequences formed by a first removal", () => {
    expect(cleanItemText("##,#,#")).toBe("")
    expect(cleanItemText("a#,#;##")).toBe("a;##")
  })

  it("keeps the string decodable when trimming exposes a separator tail or a part starts with one", () => {
    const items = [
      { name: "Size #; ", code: "SKU1", unit_price: "5.00", quantity: 1 },
      { name: "Pack", code: ";#A", unit_price: "5.00", quantity: 1 },
      { name: ",#Box #, ", code: "SKU2", unit_price: "1.00", quantity: 2 },
    ]
    const s = encodeItems(items)
    expect(s).toBe(
      "Size#,#SKU1#,#5.00#,#1#;#Pack#,#A#,#5.00#,#1#;#Box#,#SKU2#,#1.00#,#2"
    )
    expect(decodeItems(s).map((item) => [item.name, item.code])).toEqual([
      ["Size", "SKU1"],
      ["Pack", "A"],
      ["Box", "SKU2"],
    ])
  })

  it("drops a trailing #, or #; that would merge with the next separator", () => {
    const s = encodeItems([
      { name: "Tee #,", code: "C#;", unit_price: "2.50", quantity: 1 },
    ])
    expect(s).toBe("Tee#,#C#,#2.50#,#1")
    expect(decodeItems(s)).toEqual([
      { name: "Tee", code: "C", unit_price: "2.50", quantity: "1" },
    ])
  })

  it("accepts exactly 5,000 characters and refuses 5,001", () => {
    // "#,#0#,#1.00#,#1" is 15 characters, so a 4,985-character name gives 5,000
    const ok = encodeItems([
      { name: "n".repeat(4985), unit_price: "1.00", quantity: 1 },
    ])
    expect(ok).toHaveLength(5000)
    const tooLong = () =>
      encodeItems([{ name: "n".repeat(4986), unit_price: "1.00", quantity: 1 }])
    expect(tooLong).toThrow(InvalidInputError)
    expect(tooLong).toThrow(/5001 characters, the limit is 5000/)
  })

  it("takes an overridden limit", () => {
    expect(() =>
      encodeItems([{ name: "abc", unit_price: "1", quantity: 1 }], {
        max_chars: 10,
      })
    ).toThrow(/limit is 10/)
  })

  it("names the field of a bad price or quantity", () => {
    expect(() =>
      encodeItems([{ name: "a", unit_price: "1#2", quantity: 1 }])
    ).toThrow(/items\[0\]\.unit_price/)
    expect(() =>
      encodeItems([
        { name: "a", unit_price: "1", quantity: 1 },
        { name: "b", unit_price: "1", quantity: 1.5 },
      ])
    ).toThrow(/items\[1\]\.quantity/)
  })

  it("InvalidInputError carries the field", () => {
    try {
      encodeItems([{ name: "x".repeat(6000), unit_price: "1", quantity: 1 }])
      throw new Error("expected a throw")
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError)
      expect((e as InvalidInputError).field).toBe("items")
    }
  })
})

describe("decodeItems", () => {
  it("reads the wire string into items, a 0 name/code becoming empty", () => {
    expect(decodeItems("Mug#,#0#,#8.50#,#1#;#0#,#K-9#,#3.00#,#4")).toEqual([
      { name: "Mug", code: "", unit_price: "8.50", quantity: "1" },
      { name: "", code: "K-9", unit_price: "3.00", quantity: "4" },
    ])
  })

  it("decodes the empty string to no items", () => {
    expect(decodeItems("")).toEqual([])
  })

  it("refuses an item with the wrong number of parts", () => {
    expect(() => decodeItems("a#,#b#,#1.00")).toThrow(/item 0 has 3 parts/)
  })

  it("round-trips, cleaning names on the way", () => {
    const input = [
      { name: "Café crème", code: "CC-1", unit_price: "4.20", quantity: 2 },
      { name: "Pack #1, #;#big", code: "", unit_price: "10.00", quantity: 1 },
      { name: "Yen item", code: "Y", unit_price: "1500", quantity: "12" },
    ]
    expect(decodeItems(encodeItems(input))).toEqual([
      { name: "Café crème", code: "CC-1", unit_price: "4.20", quantity: "2" },
      { name: "Pack #1, big", code: "", unit_price: "10.00", quantity: "1" },
      { name: "Yen item", code: "Y", unit_price: "1500", quantity: "12" },
    ])
  })
})

describe("separator characters alone (found by fuzzing)", () => {
  it("drops a code or name that is a lone comma or semicolon", () => {
    const encoded = encodeItems([
      { name: ";", code: ",", unit_price: "1.00", quantity: 1 },
      { name: "B", code: ";", unit_price: "2.00", quantity: 2 },
    ])
    expect(encoded).toBe("0#,#0#,#1.00#,#1#;#B#,#0#,#2.00#,#2")
    expect(decodeItems(encoded)).toHaveLength(2)
  })
})
