/**
 * Which values each signed message contributes, in order, before the sign_key.
 * Paths are wire field names; `list[].field` expands over every entry of the
 * list and `a.b` reads a nested field. Defaults follow the wire contract's
 * table; several rows there are analogies or decisions, so every recipe can be
 * replaced per message kind from the plugin options.
 */

export const MESSAGE_KINDS = [
  "authorise",
  "checkout",
  "capture",
  "cancel",
  "review",
  "refund",
  "retrieval_trans",
  "retrieval_refund",
  "payout",
  "cancel_subscription",
  "optimise",
  /** direct result (`respon`), 3-D Secure result, browser return and notification */
  "result",
  /** a CHARGEBACK notification: the result's fields, then the chargeback's */
  "chargeback",
  /** a RECURRING notification: the result's fields, then recurring_id and deduction_number */
  "recurring",
  "payout_response",
] as const

export type MessageKind = (typeof MESSAGE_KINDS)[number]

export type Recipe = readonly string[]
export type Recipes = Readonly<Record<MessageKind, Recipe>>
export type RecipeOverrides = Partial<Record<MessageKind, readonly string[]>>

/** The direct result's signed fields; a CHARGEBACK notification appends its own. */
const RESULT_FIELDS = [
  "merchant_id",
  "account_id",
  "transaction_id",
  "order_no",
  "currency",
  "amount",
  "order_status",
  "result_info",
] as const

export const DEFAULT_RECIPES: Recipes = Object.freeze({
  // the card fields sign year before month
  authorise: [
    "merchant_id",
    "account_id",
    "order_no",
    "currency",
    "amount",
    "first_name",
    "last_name",
    "card",
    "expiration_year",
    "expiration_month",
    "security_code",
    "shopper_email",
  ],
  checkout: [
    "merchant_id",
    "account_id",
    "order_no",
    "currency",
    "amount",
    "return_url",
  ],
  capture: ["merchant_id", "account_id", "capture_orders[].transaction_id"],
  cancel: ["merchant_id", "account_id", "cancel_orders[].transaction_id"],
  review: ["merchant_id", "account_id", "review_orders[].transaction_id"],
  refund: ["merchant_id", "account_id", "refund_orders[].transaction_id"],
  retrieval_trans: ["merchant_id", "account_id"],
  retrieval_refund: ["merchant_id", "account_id"],
  payout: [
    "merchant_id",
    "account_id",
    "request_id",
    "payment_currency",
    "payment_amount",
  ],
  cancel_subscription: [
    "merchant_id",
    "account_id",
    "recurring_id",
    "contract_name",
  ],
  optimise: [
    "merchant_id",
    "account_id",
    "request_id",
    "currency",
    "amount",
    "shopper_email",
  ],
  result: RESULT_FIELDS,
  chargeback: [
    ...RESULT_FIELDS,
    "chargeback_reference",
    "chargeback_amount",
    "chargeback_status",
  ],
  recurring: [...RESULT_FIELDS, "recurring_id", "deduction_number"],
  payout_response: [
    "merchant_id",
    "account_id",
    "request_id",
    "transaction_id",
    "status",
  ],
})

/**
 * Request kinds whose response is verified by echo: the response carries the
 * request's own encryption_data unchanged (batch, query and refund search per
 * the wire contract; cancel subscription and optimise by the same rule, as
 * nothing else is known of their answers). The checkout page echoes it in its
 * signInfo / encryption_data inputs.
 */
export const ECHO_VERIFIED_KINDS: ReadonlySet<MessageKind> =
  new Set<MessageKind>([
    "checkout",
    "capture",
    "cancel",
    "review",
    "refund",
    "retrieval_trans",
    "retrieval_refund",
    "cancel_subscription",
    "optimise",
  ])

export function isMessageKind(value: string): value is MessageKind {
  return (MESSAGE_KINDS as readonly string[]).includes(value)
}

/** Defaults with the given kinds replaced; refuses unknown kinds and malformed paths. */
export function resolveRecipes(overrides?: RecipeOverrides): Recipes {
  const merged: Record<MessageKind, Recipe> = { ...DEFAULT_RECIPES }
  for (const [kind, recipe] of Object.entries(overrides ?? {})) {
    if (recipe === undefined) continue
    if (!isMessageKind(kind))
      throw new RangeError(`unknown message kind "${kind}" in recipe overrides`)
    if (
      !Array.isArray(recipe) ||
      recipe.length === 0 ||
      !recipe.every(isFieldPath)
    ) {
      throw new RangeError(
        `recipe "${kind}" must be a non-empty list of field paths such as "order_no" or "capture_orders[].transaction_id"`
      )
    }
    merged[kind] = Object.freeze([...recipe])
  }
  return Object.freeze(merged)
}

const SEGMENT = "[A-Za-z_][A-Za-z0-9_]*"
const FIELD_PATH = new RegExp(`^${SEGMENT}(\\[\\])?(\\.${SEGMENT}(\\[\\])?)*$`)

function isFieldPath(path: unknown): boolean {
  return typeof path === "string" && FIELD_PATH.test(path)
}

/** Values a recipe picks from a message, in order; absent values are "". */
export function pickRecipeValues(recipe: Recipe, message: unknown): string[] {
  if (!Object.isFrozen(recipe)) return compileRecipe(recipe)(message)
  let pick = compiledByRecipe.get(recipe)
  if (!pick) {
    pick = compileRecipe(recipe)
    compiledByRecipe.set(recipe, pick)
  }
  return pick(message)
}

// a frozen list cannot change, so its compiled form stays valid as long as it lives
const compiledByRecipe = new WeakMap<Recipe, RecipePicker>()

export type RecipePicker = (message: unknown) => string[]

/**
 * A recipe turned into one function, once: the paths are split when the
 * client is built, not on every signature.
 */
export function compileRecipe(recipe: Recipe): RecipePicker {
  const readers = recipe.map((path) => pathReader(path.split(".")))
  return (message) => {
    const values: string[] = []
    for (const read of readers) read(message, values)
    return values
  }
}

export type CompiledRecipes = Readonly<Record<MessageKind, RecipePicker>>

export function compileRecipes(recipes: Recipes): CompiledRecipes {
  const compiled = {} as Record<MessageKind, RecipePicker>
  for (const kind of MESSAGE_KINDS)
    compiled[kind] = compileRecipe(recipes[kind])
  return Object.freeze(compiled)
}

type Reader = (node: unknown, into: string[]) => void

function pathReader(segments: readonly string[]): Reader {
  if (segments.length === 0) return (node, into) => void into.push(scalar(node))
  const [head, ...rest] = segments
  const isList = head.endsWith("[]")
  const name = isList ? head.slice(0, -2) : head
  const next = pathReader(rest)
  const child = (node: unknown) =>
    node !== null && typeof node === "object"
      ? (node as Record<string, unknown>)[name]
      : undefined
  if (!isList) return (node, into) => next(child(node), into)
  // an absent or empty list contributes nothing, as there is no entry to name
  return (node, into) => {
    const list = child(node)
    if (!Array.isArray(list)) return
    for (const entry of list) next(entry, into)
  }
}

function scalar(value: unknown): string {
  if (value === undefined || value === null) return ""
  if (typeof value === "string") return value
  if (
    typeof value === "number" ||
    typeof value === "bigint" ||
    typeof value === "boolean"
  )
    return String(value)
  return ""
}
