/** Medusa's BigNumber (instance, raw JSON, number or string) as an exact decimal string. */
import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

export function exactAmount(value: BigNumberInput): string {
  // toFixed() with no digits prints every digit the value holds, never an exponent
  return MathBN.convert(value).toFixed()
}
