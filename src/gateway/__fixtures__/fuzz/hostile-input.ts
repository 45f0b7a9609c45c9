/** Generators of what an attacker sends: unstorable strings, reserved keys, nesting. */
import fc from "fast-check"

export const hostileString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom(
    "\u0000",
    "\ud800",
    "\udc00x",
    "__proto__",
    "constructor",
    "prototype",
    "😀"
  )
)

export const jsonish = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "medium" },
    hostileString,
    fc.integer(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(hostileString, tie("value"), { maxKeys: 3 })
  ),
})).value
