/** Generators of card data, written independently of the plugin's Luhn check. */
import fc from "fast-check"

function luhnCheckDigit(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i])
    if (i % 2 === 0) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return String((10 - (sum % 10)) % 10)
}

/** A 13- to 19-digit number with a valid check digit. */
export const validPan = fc
  .tuple(fc.integer({ min: 12, max: 18 }), fc.integer({ min: 3, max: 6 }))
  .chain(([length, first]) =>
    fc
      .array(fc.integer({ min: 0, max: 9 }), {
        minLength: length - 1,
        maxLength: length - 1,
      })
      .map((rest) => {
        const body = `${first}${rest.join("")}`
        return body + luhnCheckDigit(body)
      })
  )

export const securityCode = fc.stringMatching(/^\d{3,4}$/)

/** The strings a message must not contain when it was given this card number. */
export function cardNumberForms(pan: string): string[] {
  return [pan, pan.replace(/(\d{4})/g, "$1 ").trim(), pan.slice(6, -4)].filter(
    (form) => form.length >= 6
  )
}
