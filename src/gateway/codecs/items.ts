/**
 * The order's `items` string: an item's parts (name, item code, unit price,
 * quantity) joined by `#,#`, items joined by `#;#`, an empty part written `0`.
 */
import { InvalidInputError } from "../errors"
import { DEFAULT_ITEMS_MAX_CHARS } from "../limits"

export const ITEM_PART_SEPARATOR = "#,#"
export const ITEM_SEPARATOR = "#;#"
const EMPTY_PART = "0"

export interface ItemInput {
  name: string
  code?: string
  /** Decimal string in the order currency; checked for digits by the money module. */
  unit_price: string
  quantity: number | string
}

export interface DecodedItem {
  /** Empty when the wire part was `0`. */
  name: string
  /** Empty when the wire part was `0`. */
  code: string
  unit_price: string
  quantity: string
}

export interface EncodeItemsOptions {
  /** Overrides the 5,000-character limit of the encoded string. */
  max_chars?: number
}

const DECIMAL = /^-?\d+(\.\d+)?$/
const QUANTITY = /^\d+$/

/**
 * Removes anything that would split a free-text part: the separators
 * themselves, a trailing `#,` / `#;` that would join with the `#` of the
 * following separator, and a leading `,#` / `;#` that would join with the
 * `#` of the preceding one. Repeated (trimming included) because a removal
 * can form a new one.
 */
export function cleanItemText(text: string): string {
  let current = text.trim()
  for (;;) {
    const next = current
      .replace(/#[,;]#/g, "")
      .replace(/#[,;]$/, "")
      .replace(/^[,;]#/, "")
      // A lone "," or ";" would form "#,#" / "#;#" with the separators around it.
      .replace(/^[,;]$/, "")
      .trim()
    if (next === current) return current
    current = next
  }
}

export function encodeItems(
  items: readonly ItemInput[],
  options: EncodeItemsOptions = {}
): string {
  const max = options.max_chars ?? DEFAULT_ITEMS_MAX_CHARS
  const encoded = items
    .map((item, index) => {
      const unitPrice = String(item.unit_price ?? "").trim()
      if (unitPrice !== "" && !DECIMAL.test(unitPrice)) {
        throw new InvalidInputError(
          `items[${index}].unit_price`,
          `must be a decimal string, got "${unitPrice}"`
        )
      }
      const quantity = String(item.quantity ?? "").trim()
      if (quantity !== "" && !QUANTITY.test(quantity)) {
        throw new InvalidInputError(
          `items[${index}].quantity`,
          `must be a whole number, got "${quantity}"`
        )
      }
      return [
        cleanItemText(item.name ?? ""),
        cleanItemText(item.code ?? ""),
        unitPrice,
        quantity,
      ]
        .map((part) => (part === "" ? EMPTY_PART : part))
        .join(ITEM_PART_SEPARATOR)
    })
    .join(ITEM_SEPARATOR)

  if (encoded.length > max) {
    throw new InvalidInputError(
      "items",
      `encoded string is ${encoded.length} characters, the limit is ${max}`
    )
  }
  return encoded
}

export function decodeItems(encoded: string): DecodedItem[] {
  if (encoded === "") return []
  return encoded.split(ITEM_SEPARATOR).map((raw, index) => {
    const parts = raw.split(ITEM_PART_SEPARATOR)
    if (parts.length !== 4) {
      throw new InvalidInputError(
        "items",
        `item ${index} has ${parts.length} parts, expected 4 (name, code, unit price, quantity)`
      )
    }
    const [name, code, unit_price, quantity] = parts
    return {
      name: name === EMPTY_PART ? "" : name,
      code: code === EMPTY_PART ? "" : code,
      unit_price,
      quantity,
    }
  })
}
