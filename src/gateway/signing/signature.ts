import { createHash, timingSafeEqual } from "node:crypto"
import { SignatureMismatchError } from "../errors"
import {
  DEFAULT_RECIPES,
  MessageKind,
  Recipe,
  RecipePicker,
  pickRecipeValues,
} from "./recipes"

/** Full recipes or just some kinds; a missing kind uses its default. */
export type RecipeSet = Readonly<Partial<Record<MessageKind, Recipe>>>

/**
 * encryption_data: SHA-256 over the values then the sign_key, with every
 * space removed from that string, written as 64 lowercase hex characters.
 */
export function computeSignature(
  values: readonly string[],
  sign_key: string
): string {
  if (typeof sign_key !== "string" || sign_key === "") {
    throw new TypeError("sign_key must be a non-empty string")
  }
  const plain = (values.join("") + sign_key).replace(/ /g, "")
  return createHash("sha256").update(plain, "utf8").digest("hex")
}

/** Case-insensitive and constant-time; anything of another length (or not a string) never matches. */
export function signaturesMatch(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false
  const left = Buffer.from(a.toLowerCase(), "utf8")
  const right = Buffer.from(b.toLowerCase(), "utf8")
  if (left.length !== right.length || left.length === 0) return false
  return timingSafeEqual(left, right)
}

export function recipeValues(
  kind: MessageKind,
  message: unknown,
  recipes: RecipeSet = DEFAULT_RECIPES
): string[] {
  const recipe = recipes[kind] ?? DEFAULT_RECIPES[kind]
  if (!recipe)
    throw new RangeError(`no signing recipe for message kind "${kind}"`)
  return pickRecipeValues(recipe, message)
}

/** The signature a message of this kind must carry. */
export function signMessage(
  kind: MessageKind,
  message: unknown,
  sign_key: string,
  recipes: RecipeSet = DEFAULT_RECIPES
): string {
  return computeSignature(recipeValues(kind, message, recipes), sign_key)
}

/** Whether the message's own encryption_data matches its recipe. */
export function verifyMessage(
  kind: MessageKind,
  message: unknown,
  sign_key: string,
  recipes: RecipeSet = DEFAULT_RECIPES
): boolean {
  const received =
    message !== null && typeof message === "object"
      ? (message as Record<string, unknown>).encryption_data
      : undefined
  return signaturesMatch(
    received,
    signMessage(kind, message, sign_key, recipes)
  )
}

/** Whether the message's own encryption_data matches the signature of the values a compiled recipe picks. */
export function verifyPicked(
  pick: RecipePicker,
  message: unknown,
  sign_key: string
): boolean {
  const received =
    message !== null && typeof message === "object"
      ? (message as Record<string, unknown>).encryption_data
      : undefined
  return signaturesMatch(received, computeSignature(pick(message), sign_key))
}

/** Throws SignatureMismatchError unless the message's encryption_data matches its recipe. */
export function assertSignedMessage(
  kind: MessageKind,
  message: unknown,
  sign_key: string,
  recipes: RecipeSet = DEFAULT_RECIPES
): void {
  if (!verifyMessage(kind, message, sign_key, recipes))
    throw new SignatureMismatchError(kind)
}

/** Batch, query and refund-search responses carry the request's encryption_data unchanged. */
export function verifyEcho(
  kind: MessageKind,
  response: unknown,
  requestSignature: string
): void {
  const received =
    response !== null && typeof response === "object"
      ? (response as Record<string, unknown>).encryption_data
      : undefined
  if (!signaturesMatch(received, requestSignature))
    throw new SignatureMismatchError(kind)
}
